//===----------------------------------------------------------------------===//
// TokenizerTests.swift
//===----------------------------------------------------------------------===//

import GateCLI
import Testing

@Suite struct TokenizerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var tokens: [Token]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["frames", "decode"], tokens: [.argument("frames"), .argument("decode")]),
        Case(arguments: ["--a=b"], tokens: [.longOption(name: "a", value: "b")]),
        Case(arguments: ["--a=b=c"], tokens: [.longOption(name: "a", value: "b=c")]),
        Case(arguments: ["--a="], tokens: [.longOption(name: "a", value: "")]),
        Case(arguments: ["--a", "b"], tokens: [.longOption(name: "a", value: nil), .argument("b")]),
        Case(
            arguments: ["--a", "1", "--a", "2"],
            tokens: [.longOption(name: "a", value: nil), .argument("1"), .longOption(name: "a", value: nil), .argument("2")]),
        Case(arguments: ["-h"], tokens: [.shortOption("h")]),
        Case(arguments: ["-xy"], tokens: [.shortOption("xy")]),
        Case(arguments: ["-"], tokens: [.argument("-")]),
        Case(arguments: ["-5", "-.5"], tokens: [.argument("-5"), .argument("-.5")]),
        Case(arguments: ["--", "--a", "-h", "--"], tokens: [.terminator, .argument("--a"), .argument("-h"), .argument("--")]),
        Case(arguments: ["x", "--", "y"], tokens: [.argument("x"), .terminator, .argument("y")]),
        Case(arguments: [""], tokens: [.argument("")]),
    ]

    @Test(arguments: cases)
    func tokenizes(_ testCase: Case) {
        #expect(Tokenizer.tokenize(testCase.arguments) == testCase.tokens)
    }
}

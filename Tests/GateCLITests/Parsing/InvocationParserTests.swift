//===----------------------------------------------------------------------===//
// InvocationParserTests.swift
//===----------------------------------------------------------------------===//

import GateCLI
import Testing

@Suite struct InvocationParserTests {
    let parser = InvocationParser(root: CommandRegistry.root)

    func parse(_ arguments: [String]) throws(CommandLineError) -> Invocation {
        try parser.parse(Tokenizer.tokenize(arguments))
    }

    @Test func walksToTheCommandAndCollectsOptions() throws {
        let invocation = try parse(["frames", "decode", "--batch", "--limit", "7"])
        #expect(
            invocation
                == Invocation(
                    commandPath: ["frames", "decode"],
                    options: [OptionOccurrence(name: "batch"), OptionOccurrence(name: "limit", value: "7")]))
    }

    @Test func inlineValueAndSpaceSeparatedValueAreTheSame() throws {
        #expect(try parse(["frames", "split", "--limit=9"]).options == [OptionOccurrence(name: "limit", value: "9")])
        #expect(try parse(["frames", "split", "--limit", "9"]).options == [OptionOccurrence(name: "limit", value: "9")])
    }

    @Test func aNegativeNumberIsTakenAsAValue() throws {
        #expect(try parse(["frames", "split", "--limit", "-1"]).options == [OptionOccurrence(name: "limit", value: "-1")])
    }

    @Test func repeatedOptionsAreAllKeptInOrder() throws {
        let invocation = try parse(["frames", "split", "--limit", "1", "--limit=2"])
        #expect(invocation.options == [OptionOccurrence(name: "limit", value: "1"), OptionOccurrence(name: "limit", value: "2")])
    }

    @Test func argumentsAfterTheCommandArePositionals() throws {
        let invocation = try parse(["help", "frames", "--", "--batch"])
        #expect(invocation.commandPath == ["help"])
        #expect(invocation.positionals == ["frames", "--batch"])
    }

    @Test func terminatorMakesOptionLookingWordsPositional() throws {
        let invocation = try parse(["frames", "decode", "--", "--limit"])
        #expect(invocation.options.isEmpty)
        #expect(invocation.positionals == ["--limit"])
    }

    @Test(
        arguments: [
            (["--help"], CommandPath([])), (["-h"], []), (["frames", "--help"], ["frames"]),
            (["frames", "decode", "-h"], ["frames", "decode"]),
            (["frames", "decode", "--limit", "3", "--help", "--nonsense"], ["frames", "decode"]),
        ] as [([String], CommandPath)])
    func helpStopsParsing(_ arguments: [String], path: CommandPath) throws {
        #expect(try parse(arguments) == Invocation(commandPath: path, request: .help))
    }

    @Test func versionOnlyOnTheTool() throws {
        #expect(try parse(["--version"]).request == .version)
        #expect(throws: CommandLineError.unknownOption("--version", command: ["frames"], suggestion: nil)) {
            try parse(["frames", "--version"])
        }
    }

    @Test func groupsTakeNoOtherOptions() {
        #expect(throws: CommandLineError.unknownOption("--limit", command: ["frames"], suggestion: nil)) {
            try parse(["frames", "--limit", "5", "decode"])
        }
    }

    @Test func valueMissingAtTheEndOrBeforeAnOption() {
        let error = CommandLineError.missingValue(option: "--limit", valueName: "n", command: ["frames", "split"])
        #expect(throws: error) { try parse(["frames", "split", "--limit"]) }
        #expect(throws: error) { try parse(["frames", "split", "--limit", "--summary"]) }
        #expect(throws: error) { try parse(["frames", "split", "--limit", "--", "5"]) }
    }
}

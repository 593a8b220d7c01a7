//===----------------------------------------------------------------------===//
// RedirectDecideCommandTests.swift: `redirect decide --batch`, in-process.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import Testing

@Suite struct RedirectDecideCommandTests {
    static let command = ["redirect", "decide", "--batch"]

    static func line(_ from: String, _ to: String) -> String {
        "{\"from\": \"\(from)\", \"to\": \"\(to)\"}\n"
    }

    // MARK: - Answers

    @Test func answersEachLineInOrderWithExactJSON() {
        let input =
            Self.line("http://127.0.0.1:8765/same", "/target")
            + Self.line("http://127.0.0.1:8765/start", "http://127.0.0.1:8766/target")
            + Self.line("https://example.com/a", "http://example.com/b")
        let run = GateRun.run(Self.command, stdinText: input)
        #expect(run.exitCode == .success)
        #expect(run.stderr.isEmpty)
        #expect(
            run.lines == [
                "{\"decision\": \"follow\", \"reason\": \"The Location resolves to http://127.0.0.1:8765, the first "
                    + "request's origin.\", \"code\": \"same-origin\"}",
                "{\"decision\": \"refuse\", \"reason\": \"The Location resolves to http://127.0.0.1:8766, which is "
                    + "neither the first request's origin (http://127.0.0.1:8765) nor on the allowlist.\", \"code\": "
                    + "\"cross-origin\"}",
                "{\"decision\": \"refuse\", \"reason\": \"The Location goes from https to http (http://example.com); "
                    + "downgrades are refused unless allowed.\", \"code\": \"downgrade\"}",
            ])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var from: String
        var to: String
        var code: String
        var options: [String] = []
        var testDescription: String { "\(from) → \(to) \(options.joined(separator: " "))" }
    }

    static let cases: [Case] = [
        Case(from: "https://h/", to: "https://h:443/x", code: "same-origin"),
        Case(from: "http://h:80/", to: "http://H/x", code: "same-origin"),
        Case(from: "http://127.0.0.1:8765/", to: "http://0x7f.1:8765/", code: "same-origin"),
        Case(from: "http://h/", to: "https://h/", code: "cross-origin"),
        Case(from: "http://h/", to: "http://h./", code: "cross-origin"),
        Case(from: "http://h/", to: "", code: "empty-location"),
        Case(from: "http://h/", to: "\\\\\\\\evil/", code: "backslash"),
        Case(from: "http://h/", to: "/a\\tb", code: "control-character"),
        Case(from: "http://h/", to: "ftp://h/", code: "unsupported-scheme"),
        Case(from: "http://h/", to: "ws://h/", code: "unsupported-scheme"),
        Case(from: "http://h/", to: "http://u:p@h/", code: "credentials-in-location"),
        Case(from: "http://h/", to: "http:foo", code: "unparseable-location"),
        Case(from: "not a url", to: "/x", code: "unparseable-url"),
        Case(
            from: "http://127.0.0.1:8765/", to: "http://127.0.0.1:8766/t", code: "allowlisted-origin",
            options: ["--allow", "http://127.0.0.1:8766"]),
        Case(
            from: "http://127.0.0.1:8765/", to: "http://127.0.0.1:8767/t", code: "cross-origin",
            options: ["--allow", "http://127.0.0.1:8766", "--allow", "https://cdn.example"]),
        Case(
            from: "https://app.example/", to: "http://cdn.example/", code: "downgrade",
            options: ["--allow", "http://cdn.example"]),
        Case(
            from: "https://app.example/", to: "http://cdn.example/", code: "allowlisted-origin",
            options: ["--allow", "http://cdn.example", "--allow-downgrade"]),
    ]

    @Test(arguments: cases)
    func decides(_ testCase: Case) throws {
        let run = GateRun.run(Self.command + testCase.options, stdinText: Self.line(testCase.from, testCase.to))
        #expect(run.exitCode == .success)
        let answer = try #require(run.lines.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: String])
        #expect(object["code"] == testCase.code)
        #expect(object["decision"] == (["same-origin", "allowlisted-origin"].contains(testCase.code) ? "follow" : "refuse"))
        #expect(object["reason"]?.hasSuffix(".") == true)
        // Keys in the contract's order.
        #expect(answer.hasPrefix("{\"decision\": "))
        let reason = try #require(answer.range(of: "\"reason\": "))
        let code = try #require(answer.range(of: "\"code\": "))
        #expect(reason.lowerBound < code.lowerBound)
    }

    @Test func answersTheSameWhateverTheChunks() {
        let input = Self.cases.filter(\.options.isEmpty).map { Self.line($0.from, $0.to) }.joined()
        let expected = GateRun.run(Self.command, stdinText: input).stdout
        #expect(expected.split(separator: "\n").count == Self.cases.filter(\.options.isEmpty).count)
        for chunks in [[1], [2, 5], [7], [4096]] {
            #expect(GateRun.run(Self.command, stdinText: input, chunkSizes: chunks).stdout == expected, "chunks \(chunks)")
        }
    }

    @Test func carriageReturnsAndAMissingFinalNewline() {
        let input = "{\"from\": \"http://h/\", \"to\": \"/a\"}\r\n{\"from\": \"http://h/\", \"to\": \"/b\"}"
        let run = GateRun.run(Self.command, stdinText: input)
        #expect(run.exitCode == .success)
        #expect(run.lines.count == 2)
        #expect(run.lines.allSatisfy { $0.contains("\"code\": \"same-origin\"") })
    }

    @Test func otherFieldsAreIgnored() {
        let input =
            "{\"id\": \"O107\", \"from\": \"http://example.org/foo/bar\", \"to\": \"http://user:pass@foo:21/bar\", "
            + "\"same_origin\": false, \"to_origin\": \"http://foo:21\"}\n"
        let run = GateRun.run(Self.command, stdinText: input)
        #expect(run.exitCode == .success)
        #expect(run.lines.count == 1)
        #expect(run.lines.first?.contains("\"decision\": \"refuse\"") == true)
    }

    @Test func quotesAndBackslashesInReasonsAreEscaped() throws {
        // The host is quoted in the reason; its '"' must come out as \" and the line stay valid JSON.
        let run = GateRun.run(Self.command, stdinText: "{\"from\": \"http://h/\", \"to\": \"http://ev\\\"il/\"}\n")
        let answer = try #require(run.lines.first)
        #expect(answer.contains("ev\\\"il"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: String])
        #expect(object["code"] == "unparseable-location")
    }

    @Test func emptyStandardInputAnswersNothing() {
        let run = GateRun.run(Self.command)
        #expect(run.exitCode == .success)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.isEmpty)
    }

    // MARK: - Malformed input

    struct BadInput: Sendable, CustomTestStringConvertible {
        var input: String
        var answered: Int
        var message: String
        var testDescription: String { message }
    }

    static let hint = "; write one JSON object per line with string fields \"from\" and \"to\""

    static let badInputs: [BadInput] = [
        BadInput(
            input: line("http://h/", "/a") + "not json\n" + line("http://h/", "/b"), answered: 1,
            message: "standard input line 2: not valid JSON (column 1: expected a JSON value, found 'n')"),
        BadInput(
            input: line("http://h/", "/a") + "{\"from\": \"http://h/\", \"to\": \"/a\", \"to\": \"https://evil.example/\"}\n", answered: 1,
            message: "standard input line 2: column 35: duplicate key 'to'"),
        BadInput(
            input: line("http://h/", "/a") + line("http://h/", "/a") + "[1, 2]\n", answered: 2,
            message: "standard input line 3: not a JSON object"),
        BadInput(input: "{\"from\": 1, \"to\": \"/x\"}\n", answered: 0, message: "standard input line 1: no string field \"from\""),
        BadInput(input: "{\"from\": \"http://h/\"}\n", answered: 0, message: "standard input line 1: no string field \"to\""),
        BadInput(input: line("http://h/", "/a") + "\n", answered: 1, message: "standard input line 2: empty line"),
        BadInput(
            input: line("http://h/", "/a") + "{\"from\": \"http://h/\", \"to\": ", answered: 1,
            message: "standard input line 2: not valid JSON (column 29: expected a JSON value, found the end of the file)"),
        BadInput(
            input: line("http://h/", "/a") + "{\"to\": \"" + String(repeating: "a", count: 70_000) + "\"}\n", answered: 1,
            message: "standard input line 2: longer than 65536 bytes"),
    ]

    @Test(arguments: badInputs)
    func malformedLinesStopWithExit2(_ bad: BadInput) {
        for chunks in [[1], [5], [4096]] {
            let run = GateRun.run(Self.command, stdinText: bad.input, chunkSizes: chunks)
            #expect(run.exitCode == .usage)
            #expect(run.lines.count == bad.answered)
            #expect(run.stderr == "acceptance-gate: " + bad.message + Self.hint + "\n")
        }
    }

    // MARK: - Options

    @Test(arguments: ["ftp://example.com", "https://example.com/path", "example.com", "ws://h", "https://u@h", ""])
    func anInvalidAllowOriginIsAUsageError(_ origin: String) {
        let run = GateRun.run(Self.command + ["--allow", origin], stdinText: Self.line("http://h/", "/a"))
        #expect(run.exitCode == .usage)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == "acceptance-gate: invalid value '\(origin)' for '--allow' of 'redirect decide'; expected an http "
                + "or https origin such as https://example.com or http://127.0.0.1:8766 "
                + "(see 'acceptance-gate redirect decide --help')\n")
    }

    @Test func batchIsRequired() {
        let run = GateRun.run(["redirect", "decide"])
        #expect(run.exitCode == .usage)
        #expect(run.stderr.contains("missing required option '--batch'"))
    }

    @Test func helpDescribesTheOptions() {
        let run = GateRun.run(["redirect", "decide", "--help"])
        #expect(run.exitCode == .success)
        #expect(run.stdout.contains("--allow <origin>"))
        #expect(run.stdout.contains("--allow-downgrade"))
        #expect(GateRun.run(["help", "redirect"]).stdout.contains("decide"))
    }
}

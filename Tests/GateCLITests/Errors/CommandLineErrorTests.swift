//===----------------------------------------------------------------------===//
// CommandLineErrorTests.swift: every error's exact message and exit code, end to end.
//===----------------------------------------------------------------------===//

import GateCLI
import GateCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct CommandLineErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usageErrors: [Case] = [
        Case(
            arguments: ["frame"],
            message: "unknown command 'frame'; did you mean 'frames'? (see 'acceptance-gate --help')"),
        Case(
            arguments: ["deploy"],
            message: "unknown command 'deploy' (see 'acceptance-gate --help')"),
        Case(
            arguments: ["frames", "decod", "--batch"],
            message: "unknown command 'decod' for 'frames'; did you mean 'decode'? (see 'acceptance-gate frames --help')"),
        Case(
            arguments: ["help", "frames", "nope"],
            message: "unknown command 'nope' for 'frames' (see 'acceptance-gate frames --help')"),
        Case(
            arguments: [],
            message: "missing command; choose one of run, config, init, frames, redirect, fixture, stamp, scan, report, "
                + "keygen, sign, verify, merge, plan, completion, help (see 'acceptance-gate --help')"),
        Case(
            arguments: ["frames"],
            message: "missing subcommand for 'frames'; choose one of decode, split, check, vectors (see 'acceptance-gate frames --help')"),
        Case(
            arguments: ["frames", "decode", "--limt", "5"],
            message: "unknown option '--limt' for 'frames decode'; did you mean '--limit'? (see 'acceptance-gate frames decode --help')"),
        Case(
            arguments: ["frames", "split", "--sumary"],
            message: "unknown option '--sumary' for 'frames split'; did you mean '--summary'? (see 'acceptance-gate frames split --help')"),
        Case(
            arguments: ["frames", "split", "-x"],
            message: "unknown option '-x' for 'frames split' (see 'acceptance-gate frames split --help')"),
        Case(
            arguments: ["--verbose"],
            message: "unknown option '--verbose' (see 'acceptance-gate --help')"),
        Case(
            arguments: ["--versio"],
            message: "unknown option '--versio'; did you mean '--version'? (see 'acceptance-gate --help')"),
        Case(
            arguments: ["frames", "--limit", "5", "decode"],
            message: "unknown option '--limit' for 'frames' (see 'acceptance-gate frames --help')"),
        Case(
            arguments: ["frames", "split", "--limit"],
            message: "missing value for '--limit' of 'frames split'; pass '--limit <n>' (see 'acceptance-gate frames split --help')"),
        Case(
            arguments: ["frames", "split", "--summary=yes"],
            message:
                "option '--summary' of 'frames split' takes no value but was given 'yes'; pass '--summary' alone (see 'acceptance-gate frames split --help')"
        ),
        Case(
            arguments: ["--help=x"],
            message: "option '--help' takes no value but was given 'x'; pass '--help' alone (see 'acceptance-gate --help')"),
        Case(
            arguments: ["frames", "decode", "--batch", "--limit", "abc"],
            message:
                "invalid value 'abc' for '--limit' of 'frames decode'; expected an integer from 0 to 4294967295 (see 'acceptance-gate frames decode --help')"
        ),
        Case(
            arguments: ["frames", "decode", "--batch", "--limit=4294967296"],
            message:
                "invalid value '4294967296' for '--limit' of 'frames decode'; expected an integer from 0 to 4294967295 (see 'acceptance-gate frames decode --help')"
        ),
        Case(
            arguments: ["frames", "split", "--limit", "-1"],
            message:
                "invalid value '-1' for '--limit' of 'frames split'; expected an integer from 0 to 4294967295 (see 'acceptance-gate frames split --help')"
        ),
        Case(
            arguments: ["frames", "split", "--limit", "1.5"],
            message:
                "invalid value '1.5' for '--limit' of 'frames split'; expected an integer from 0 to 4294967295 (see 'acceptance-gate frames split --help')"
        ),
        Case(
            arguments: ["frames", "split", "--limit", "1", "--limit", "2"],
            message: "option '--limit' of 'frames split' was given more than once; pass it once (see 'acceptance-gate frames split --help')"
        ),
        Case(
            arguments: ["frames", "decode"],
            message: "missing required option '--batch' for 'frames decode'; pass '--batch' (see 'acceptance-gate frames decode --help')"),
        Case(
            arguments: ["frames", "decode", "--batch", "extra"],
            message: "unexpected argument 'extra' for 'frames decode'; remove it (see 'acceptance-gate frames decode --help')"),
        Case(
            arguments: ["help", "frames", "decode", "more"],
            message: "unexpected argument 'more' for 'frames decode'; remove it (see 'acceptance-gate frames decode --help')"),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExit2WithOneLine(_ testCase: Case) {
        let run = GateRun.run(testCase.arguments)
        #expect(run.exitCode == .usage)
        #expect(run.exitCode.rawValue == 2)
        #expect(run.stderr == "acceptance-gate: " + testCase.message + "\n")
        #expect(run.stdout.isEmpty)
    }

    @Test func missingArgumentMessage() {
        let diagnostic = CommandLineError.missingArgument("<envelope>", command: ["verify"]).diagnostic
        #expect(
            diagnostic.line
                == "acceptance-gate: missing argument <envelope> for 'verify'; pass it after the command (see 'acceptance-gate verify --help')"
        )
        #expect(diagnostic.exitCode == .usage)
    }

    @Test func descriptionIsTheMessageWithoutThePrefix() {
        let error = CommandLineError.duplicateOption("--out", command: ["run"])
        #expect(error.description == "option '--out' of 'run' was given more than once; pass it once (see 'acceptance-gate run --help')")
        #expect(error.diagnostic.line == "acceptance-gate: " + error.description)
    }

    @Test func readFailureIsInfrastructure() {
        let errorOutput = CapturedWriter()
        let console = Console(
            input: ScriptedReader([], failingWith: EIO),
            output: CapturedWriter(), errorOutput: errorOutput)
        let code = GateCLI.run(arguments: ["frames", "split"], environment: [:], console: console)
        #expect(code == .infrastructure)
        #expect(code.rawValue == 3)
        #expect(errorOutput.text == "acceptance-gate: could not read standard input: Input/output error\n")
    }

    @Test func writeFailureIsInfrastructure() {
        let errorOutput = CapturedWriter()
        let console = Console(input: ScriptedReader([]), output: CapturedWriter(failingWith: EPIPE), errorOutput: errorOutput)
        let code = GateCLI.run(arguments: ["--version"], environment: [:], console: console)
        #expect(code == .infrastructure)
        #expect(errorOutput.text == "acceptance-gate: could not write to standard output: Broken pipe\n")
    }

    @Test func nonPrintableBytesAreNamedInHex() {
        #expect(
            CommandLineError.invalidHexCharacter(line: 1, column: 2, byte: 0x09).description
                == "standard input line 1, column 2: byte 0x09 is not a hex digit; write each input as hex digits (0-9, a-f, A-F), one input per line"
        )
        #expect(CommandLineError.invalidHexCharacter(line: 1, column: 2, byte: 0xC3).description.contains("byte 0xc3 is not"))
    }

    @Test func exitCodesAreTheContract() {
        #expect(GateExitStatus.allCases.map(\.rawValue) == [0, 1, 2, 3, 130, 143])
    }
}

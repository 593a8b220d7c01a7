//===----------------------------------------------------------------------===//
// GateRun.swift: runs GateCLI in-process with captured streams.
//===----------------------------------------------------------------------===//

import GateCLI
import GateCore

/// The outcome of one in-process run of the tool.
struct GateRun {
    var exitCode: GateExitStatus
    var stdout: String
    var stderr: String

    /// Standard output split into lines (without the final empty piece).
    var lines: [String] {
        var pieces = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if pieces.last == "" { pieces.removeLast() }
        return pieces
    }

    /// Runs `acceptance-gate <arguments>` with `stdin` delivered in `chunkSizes`.
    static func run(
        _ arguments: [String], stdin: [UInt8] = [], chunkSizes: [Int] = [4096], environment: [String: String] = [:]
    ) -> GateRun {
        let output = CapturedWriter()
        let errorOutput = CapturedWriter()
        let console = Console(
            input: ScriptedReader(stdin, chunkSizes: chunkSizes),
            output: output, errorOutput: errorOutput)
        let code = GateCLI.run(arguments: arguments, environment: environment, console: console)
        return GateRun(exitCode: code, stdout: output.text, stderr: errorOutput.text)
    }

    /// Runs with text on standard input.
    static func run(_ arguments: [String], stdinText: String, chunkSizes: [Int] = [4096]) -> GateRun {
        run(arguments, stdin: Array(stdinText.utf8), chunkSizes: chunkSizes)
    }
}

/// Bytes from hex written in the test (spaces allowed), for hand-written vectors.
func bytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.filter { !$0.isWhitespace }.utf8)
    var result: [UInt8] = []
    var index = 0
    while index + 1 < digits.count {
        let pair = String(decoding: digits[index...(index + 1)], as: UTF8.self)
        if let byte = UInt8(pair, radix: 16) { result.append(byte) }
        index += 2
    }
    return result
}

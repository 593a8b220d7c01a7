//===----------------------------------------------------------------------===//
// OpenSSL.swift: runs the real `openssl` binary for independent cross-checks.
//===----------------------------------------------------------------------===//

import GateProcess
import Testing

/// Runs `openssl` (never skipped: a missing binary fails the test).
enum OpenSSL {
    /// Runs `openssl arguments` in `directory` and returns the result; records a failure when it
    /// cannot be started.
    static func run(_ arguments: [String], in directory: String) throws -> ProcessResult {
        let spec = ProcessSpec(arguments: ["openssl"] + arguments, workingDirectory: directory)
        return try ProcessRunner.run(spec, timeout: .seconds(60))
    }

    /// Runs `openssl arguments` and requires exit 0.
    @discardableResult
    static func require(_ arguments: [String], in directory: String) throws -> ProcessResult {
        let result = try run(arguments, in: directory)
        try #require(result.status.isSuccess, "openssl \(arguments.joined(separator: " ")): \(result.stderrText)")
        return result
    }
}

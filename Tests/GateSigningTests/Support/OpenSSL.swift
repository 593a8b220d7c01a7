//===----------------------------------------------------------------------===//
// OpenSSL.swift: runs the real `openssl` binary for independent cross-checks.
//===----------------------------------------------------------------------===//

import GateProcess
import Testing

/// Runs `openssl` (never skipped: a missing binary, or one that is not OpenSSL 3, fails the test).
enum OpenSSL {
    /// Why an `openssl` on PATH cannot do these checks, or `nil` when it is OpenSSL 3.
    ///
    /// Ed25519 keys and `pkeyutl -rawin` need OpenSSL 3. macOS ships LibreSSL as /usr/bin/openssl,
    /// which has neither, and would fail these tests with confusing messages; say why instead.
    static func versionProblem(_ versionLine: String) -> String? {
        if versionLine.hasPrefix("OpenSSL 3") {
            return nil
        }
        let found = versionLine.isEmpty ? "no version" : "'\(versionLine)'"
        return "these checks need OpenSSL 3 (Ed25519 keys, pkeyutl -rawin) and 'openssl version' says \(found); "
            + "macOS ships LibreSSL as /usr/bin/openssl: brew install openssl@3 and put "
            + "\"$(brew --prefix openssl@3)/bin\" first on PATH"
    }

    /// Requires the `openssl` on PATH to be OpenSSL 3.
    static func requireVersion3() throws {
        let result = try ProcessSupervisor.standalone.run(ProcessSpec(arguments: ["openssl", "version"]), timeout: .seconds(30))
        let line = result.stdoutText.split(separator: "\n").first.map(String.init) ?? ""
        if let problem = versionProblem(line) {
            try #require(Bool(false), "\(problem)")
        }
    }

    /// Runs `openssl arguments` in `directory` and returns the result; records a failure when it
    /// cannot be started or is not OpenSSL 3.
    static func run(_ arguments: [String], in directory: String) throws -> ProcessResult {
        try requireVersion3()
        let spec = ProcessSpec(arguments: ["openssl"] + arguments, workingDirectory: directory)
        return try ProcessSupervisor.standalone.run(spec, timeout: .seconds(60))
    }

    /// Runs `openssl arguments` and requires exit 0.
    @discardableResult
    static func require(_ arguments: [String], in directory: String) throws -> ProcessResult {
        let result = try run(arguments, in: directory)
        try #require(result.status.isSuccess, "openssl \(arguments.joined(separator: " ")): \(result.stderrText)")
        return result
    }
}

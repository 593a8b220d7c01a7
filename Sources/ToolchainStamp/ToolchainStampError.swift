//===----------------------------------------------------------------------===//
// ToolchainStampError.swift: everything that can stop reading the toolchain stamp.
//===----------------------------------------------------------------------===//

import GateCore

/// Why the toolchain stamp could not be read; ``description`` is one user-facing sentence.
package enum ToolchainStampError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `command` could not be started; `detail` is the process error's sentence.
    case toolchainNotFound(command: String, detail: String)
    /// `command` ran but failed; `status` is how it ended (e.g. `exited with code 1`), `output` the
    /// start of what it printed.
    case commandFailed(command: String, status: String, output: String)
    /// `command` did not finish within `timeout` and was stopped.
    case timedOut(command: String, timeout: Duration)
    /// `command`'s output holds no `Swift version X.Y[.Z]`; `output` is its start.
    case unrecognisedVersion(command: String, output: String)

    /// A one-sentence, user-facing explanation that says what to do.
    package var description: String {
        switch self {
        case .toolchainNotFound(let command, let detail):
            return "no Swift toolchain found: \(detail); install Swift or put it on PATH (tried '\(command)')"
        case .commandFailed(let command, let status, let output):
            return "'\(command)' \(status): \(output.isEmpty ? "no output" : output); check the Swift installation"
        case .timedOut(let command, let timeout):
            return "'\(command)' did not answer within \(timeout) and was stopped; check the Swift installation"
        case .unrecognisedVersion(let command, let output):
            return "'\(command)' printed no 'Swift version X.Y.Z' (\(output.isEmpty ? "no output" : output)); "
                + "check that it is a Swift compiler"
        }
    }
}

extension ToolchainStampError: GateFailure {
    /// Exit 3: no `swift`, or it did not answer.
    package var exitStatus: GateExitStatus { .infrastructure }
}

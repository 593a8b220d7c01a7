//===----------------------------------------------------------------------===//
// ExitCode.swift: every exit status the tool can end with.
//===----------------------------------------------------------------------===//

import GateCore

/// Every exit status `acceptance-gate` ends with. These are a stable contract (design.md,
/// "Command-line contracts"): pipelines branch on them.
package enum ExitCode: Int32, Sendable, CaseIterable {
    /// Success; for `run`, the change was accepted.
    case success = 0
    /// The command ran and the answer is no: the change was rejected, or a stream had a bad frame.
    case failure = 1
    /// A usage or configuration error: bad arguments, bad options, malformed input.
    case usage = 2
    /// Infrastructure failed: a read or write failed, a fixture never became ready, a timeout.
    case infrastructure = 3
    /// Interrupted by SIGINT (128 + 2).
    case interrupted = 130
    /// Stopped by SIGTERM (128 + 15).
    case terminated = 143
}

extension ExitCode {
    /// The exit code for a module's ``GateExitStatus``.
    init(_ status: GateExitStatus) {
        switch status {
        case .failure: self = .failure
        case .usage: self = .usage
        case .infrastructure: self = .infrastructure
        }
    }

    /// The exit code for what a run, a merge or a signing ended with (``RunOutcome/exitCode``, the
    /// report's own: 0, 1, 3, or 128 + the signal that stopped a run). design.md knows 130 and 143
    /// only, so every other signal (SIGHUP) is 130; any other number is 3, the gate could not judge.
    init(outcome code: Int32) {
        switch code {
        case 0: self = .success
        case 1: self = .failure
        case 143: self = .terminated
        case 129...192: self = .interrupted
        default: self = .infrastructure
        }
    }
}

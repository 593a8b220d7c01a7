//===----------------------------------------------------------------------===//
// GateExitStatus.swift: every exit status the tool can end with.
//===----------------------------------------------------------------------===//

/// Every exit status `acceptance-gate` ends with, and how a module's failure ends the process
/// (``GateFailure/exitStatus``: failure, usage or infrastructure). These are a stable contract
/// (design.md, "Command-line contracts"): pipelines branch on them.
package enum GateExitStatus: Int32, Sendable, CaseIterable {
    /// Success; for `run`, the change was accepted.
    case success = 0
    /// The command ran and the answer is no: the change was rejected, a stream had a bad frame,
    /// or an existing file `init` will not overwrite.
    case failure = 1
    /// The input is wrong: bad arguments or options, a configuration, a key, a report or an option
    /// value the user gave.
    case usage = 2
    /// The machine around the command failed: a read, a write, a port, a fixture that never became
    /// ready, a timeout, a tool it needs.
    case infrastructure = 3
    /// Interrupted by SIGINT (128 + 2).
    case interrupted = 130
    /// Stopped by SIGTERM (128 + 15).
    case terminated = 143
}

extension GateExitStatus {
    /// The exit status for what a run, a merge or a signing ended with (the report's own exit code:
    /// 0, 1, 3, or 128 + the signal that stopped a run). design.md knows 130 and 143 only, so every
    /// other signal (SIGHUP) is 130; any other number is 3, the gate could not judge.
    package init(outcome code: Int32) {
        switch code {
        case 0: self = .success
        case 1: self = .failure
        case 143: self = .terminated
        case 129...192: self = .interrupted
        default: self = .infrastructure
        }
    }
}

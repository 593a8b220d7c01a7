//===----------------------------------------------------------------------===//
// GateRunError.swift: why a run could not go on (infrastructure, exit 3).
//===----------------------------------------------------------------------===//

/// Why a run could not go on. Each is an infrastructure failure (exit 3): the machine around the
/// gate, not the change under test, is at fault. The run still writes its report.
package enum GateRunError: Error, Equatable, CustomStringConvertible {
    /// The out folder (or a file in it) cannot be written.
    case outDirectoryUnwritable(path: String, reason: String)
    /// The commit stamp could not be read (no repository, unborn branch, another owner).
    case commitStamp(String)
    /// The toolchain stamp could not be read.
    case toolchainStamp(String)
    /// The fixture could not be started or never became ready.
    case fixtureNotReady(String)
    /// A suite could not be started at all.
    case suiteDidNotStart(suite: String, reason: String)

    /// One line naming the thing and what to do.
    package var description: String {
        switch self {
        case .outDirectoryUnwritable(let path, let reason):
            "cannot write to '\(path)': \(reason); choose a writable folder with --out"
        case .commitStamp(let message):
            message
        case .toolchainStamp(let message):
            message
        case .fixtureNotReady(let message):
            message
        case .suiteDidNotStart(let suite, let reason):
            "suite '\(suite)' could not start: \(reason)"
        }
    }
}

//===----------------------------------------------------------------------===//
// GateExitStatus.swift: how a failure ends the process.
//===----------------------------------------------------------------------===//

/// How a failure ends the process (design.md, "Command-line contracts"): the codes pipelines
/// branch on.
package enum GateExitStatus: Int32, Sendable, CaseIterable {
    /// The command ran and the answer is no (an existing file `init` will not overwrite).
    case failure = 1
    /// The input is wrong: a configuration, a key, a report or an option value the user gave.
    case usage = 2
    /// The machine around the command failed: a read, a write, a port, a tool it needs.
    case infrastructure = 3
}

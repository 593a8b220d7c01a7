//===----------------------------------------------------------------------===//
// ToolchainStampError+GateFailure.swift: a toolchain that cannot be read is infrastructure.
//===----------------------------------------------------------------------===//

import GateFailure

extension ToolchainStampError: GateFailure {
    /// Exit 3: no `swift`, or it did not answer.
    package var exitStatus: GateExitStatus { .infrastructure }
}

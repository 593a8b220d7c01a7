//===----------------------------------------------------------------------===//
// ConfigurationError+GateFailure.swift: a bad configuration is a usage error.
//===----------------------------------------------------------------------===//

import GateFailure

extension ConfigurationError: GateFailure {
    /// Exit 2: the configuration the user wrote (or cannot read) is wrong.
    package var exitStatus: GateExitStatus { .usage }
}

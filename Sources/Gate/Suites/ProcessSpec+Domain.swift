//===----------------------------------------------------------------------===//
// ProcessSpec+Domain.swift: the change's code started where the suites run.
//===----------------------------------------------------------------------===//

import GateProcess
import GatePublishing
import SuiteDomain

extension ProcessSpec {
    /// The spec of a child that runs the change's code (a suite, a team's fixture command, an
    /// external frame decoder, the package read of a suite's tests): wrapped to run in `domain`
    /// when the suites run separated from the gate, or as it is when they do not.
    func confined(to domain: SuiteDomain?, supervisor: ProcessSupervisor) throws(SuiteDomainError) -> ProcessSpec {
        guard let domain else { return self }
        return try domain.wrap(self, supervisor: supervisor)
    }
}

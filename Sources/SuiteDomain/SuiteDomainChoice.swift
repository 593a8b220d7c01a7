//===----------------------------------------------------------------------===//
// SuiteDomainChoice.swift: the domain a run got, or why it got none.
//===----------------------------------------------------------------------===//

/// The domain a run got (``SuiteDomainSetup/prepare(_:supervisor:)``), or why it got none: the
/// suites then run as the gate's own user, and the report says so.
package struct SuiteDomainChoice: Sendable {
    /// The domain; `nil` when the suites run as the gate's own user.
    package var domain: SuiteDomain?
    /// What was given up: why there is no domain, or why it has no namespaces.
    package var reason: String?
    /// The domain could not be set up for a reason the repository may have caused (a path to hide
    /// or bind that fails): no suite may run then, whatever `run --isolation` says, since only the
    /// machine, never the change, may lower the separation.
    package var blocking: Bool

    /// Creates a choice.
    package init(domain: SuiteDomain?, reason: String?, blocking: Bool = false) {
        self.domain = domain
        self.reason = reason
        self.blocking = blocking
    }
}

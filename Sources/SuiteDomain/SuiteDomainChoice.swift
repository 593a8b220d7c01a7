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

    /// Creates a choice.
    package init(domain: SuiteDomain?, reason: String?) {
        self.domain = domain
        self.reason = reason
    }
}

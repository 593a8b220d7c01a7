//===----------------------------------------------------------------------===//
// RedirectHop.swift: one redirect in a chain, as decided.
//===----------------------------------------------------------------------===//

/// One redirect as it was decided: where it came from, the `Location` as the server sent it,
/// and the decision.
public struct RedirectHop: Hashable, Sendable {
    /// The URL that answered with the redirect.
    public let from: ParsedURL
    /// The `Location` value exactly as received (empty when there was none).
    public let location: String
    /// The decision.
    public let decision: RedirectDecision

    /// Creates a record of one hop.
    ///
    /// - Parameters:
    ///   - from: the URL that answered with the redirect.
    ///   - location: the `Location` value as received.
    ///   - decision: the decision.
    public init(from: ParsedURL, location: String, decision: RedirectDecision) {
        self.from = from
        self.location = location
        self.decision = decision
    }
}

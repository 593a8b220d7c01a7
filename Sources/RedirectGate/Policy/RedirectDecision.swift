//===----------------------------------------------------------------------===//
// RedirectDecision.swift: the answer for one redirect.
//===----------------------------------------------------------------------===//

/// The policy's answer for one redirect: follow or refuse, why, where to, and whether the new
/// request must lose its credential and sensitive headers.
public struct RedirectDecision: Hashable, Sendable {
    /// Follow or refuse.
    public let verdict: RedirectVerdict
    /// The code and sentence.
    public let reason: RedirectReason
    /// The resolved target, when the `Location` could be resolved (also for some refusals).
    public let target: ParsedURL?
    /// For a followed redirect: whether credential headers (`Authorization`, `Cookie`,
    /// `Proxy-Authorization`) and the policy's sensitive headers must be removed from the new
    /// request. True on every hop once the chain has left the first origin.
    public let stripsSensitiveHeaders: Bool

    /// Creates a decision.
    ///
    /// - Parameters:
    ///   - verdict: follow or refuse.
    ///   - reason: the code and sentence.
    ///   - target: the resolved target, if any.
    ///   - stripsSensitiveHeaders: whether the new request loses credential and sensitive headers.
    public init(verdict: RedirectVerdict, reason: RedirectReason, target: ParsedURL?, stripsSensitiveHeaders: Bool) {
        self.verdict = verdict
        self.reason = reason
        self.target = target
        self.stripsSensitiveHeaders = stripsSensitiveHeaders
    }

    /// Whether the redirect is followed.
    public var isFollowed: Bool { verdict == .follow }

    /// A refusal with the given code and sentence.
    static func refuse(_ code: RedirectReasonCode, _ message: String, target: ParsedURL? = nil) -> RedirectDecision {
        RedirectDecision(
            verdict: .refuse, reason: RedirectReason(code: code, message: message), target: target,
            stripsSensitiveHeaders: false)
    }
}

//===----------------------------------------------------------------------===//
// RedirectPolicy.swift: which redirects to follow, and which headers survive them.
//===----------------------------------------------------------------------===//

/// Which redirects to follow: only to the origin of the first request, plus an explicit
/// allowlist of other origins.
///
/// Refused always: an empty `Location`, one with a control character or a backslash, one with
/// userinfo, one that cannot be parsed unambiguously, and any scheme but http and https
/// (ws and wss included). Refused unless allowed: https → http, even to an allowlisted
/// origin. Refused after ``maximumRedirects`` followed hops.
///
/// When a hop to another (allowlisted) origin is followed, the new request loses its credential
/// headers (``credentialHeaders``) and the caller's ``sensitiveHeaders``; they stay stripped for
/// the rest of the chain, even when it comes back to the first origin. This is stricter than
/// Go (which compares hosts, so keeps credentials across ports and into subdomains) and
/// python-requests (which keeps them on http → https of the same host): an origin is scheme,
/// host and port, as in curl after CVE-2022-27776 and the Fetch standard.
public struct RedirectPolicy: Hashable, Sendable {
    /// The headers that always count as credentials: `Authorization`, `Cookie`,
    /// `Proxy-Authorization`.
    public static let credentialHeaders = ["Authorization", "Cookie", "Proxy-Authorization"]

    /// The default for ``maximumRedirects``: 20, as in the Fetch standard.
    public static let defaultMaximumRedirects = 20

    /// Origins other than the first request's that redirects may go to.
    public var allowedOrigins: Set<Origin>
    /// Whether an https → http redirect may be followed (to the first origin or an allowlisted one).
    public var allowsDowngrade: Bool
    /// More headers to strip on a cross-origin hop, besides ``credentialHeaders`` (any case).
    public var sensitiveHeaders: [String]
    /// The most redirects one chain follows.
    public var maximumRedirects: Int

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - allowedOrigins: origins other than the first request's that redirects may go to.
    ///   - allowsDowngrade: whether https → http may be followed.
    ///   - sensitiveHeaders: more headers to strip on a cross-origin hop, e.g. `X-Test-Token`.
    ///   - maximumRedirects: the most redirects one chain follows.
    public init(
        allowedOrigins: Set<Origin> = [], allowsDowngrade: Bool = false, sensitiveHeaders: [String] = [],
        maximumRedirects: Int = RedirectPolicy.defaultMaximumRedirects
    ) {
        self.allowedOrigins = allowedOrigins
        self.allowsDowngrade = allowsDowngrade
        self.sensitiveHeaders = sensitiveHeaders
        self.maximumRedirects = maximumRedirects
    }

    // MARK: - Deciding

    /// Decides one redirect of a chain, without changing the chain.
    ///
    /// The checks, in order: the redirect limit; an empty `Location`; parsing it (control
    /// characters, backslash, scheme, syntax); userinfo in it; resolving it against the current
    /// URL; ws/wss; an https → http downgrade; then the target's origin against the first
    /// request's origin and the allowlist.
    ///
    /// - Parameters:
    ///   - location: the `Location` header value as received.
    ///   - chain: the chain so far.
    /// - Returns: the decision; record it with ``RedirectChain/record(location:decision:)``.
    public func decide(location: String, in chain: RedirectChain) -> RedirectDecision {
        guard chain.followedCount < maximumRedirects else {
            return .refuse(.redirectLimit, "The chain has already followed \(maximumRedirects) redirects, the most allowed.")
        }
        guard !location.isEmpty else {
            return .refuse(.emptyLocation, "The Location is empty, so there is nowhere unambiguous to go.")
        }
        let reference: URLReference
        do {
            reference = try URLReference.parse(location)
        } catch {
            return Self.refusal(for: error)
        }
        if reference.authority?.userinfo != nil {
            return .refuse(
                .credentialsInLocation,
                "The Location carries userinfo (user:password@), which could inject credentials or disguise its host.")
        }
        let target = ParsedURL(resolving: reference, against: chain.currentURL)
        let origin = target.origin
        guard origin.isHTTP else {
            return .refuse(
                .unsupportedScheme, "The Location uses the scheme '\(target.scheme)'; only http and https are followed.",
                target: target)
        }
        if chain.currentURL.scheme == "https", target.scheme == "http", !allowsDowngrade {
            return .refuse(
                .downgrade, "The Location goes from https to http (\(origin)); downgrades are refused unless allowed.",
                target: target)
        }
        if origin == chain.firstOrigin {
            return RedirectDecision(
                verdict: .follow,
                reason: RedirectReason(code: .sameOrigin, message: "The Location resolves to \(origin), the first request's origin."),
                target: target, stripsSensitiveHeaders: chain.stripsSensitiveHeaders)
        }
        if allowedOrigins.contains(origin) {
            return RedirectDecision(
                verdict: .follow,
                reason: RedirectReason(
                    code: .allowlistedOrigin,
                    message: "The Location resolves to \(origin), which is on the allowlist; credential and sensitive "
                        + "headers are stripped from here on."),
                target: target, stripsSensitiveHeaders: true)
        }
        return .refuse(
            .crossOrigin,
            "The Location resolves to \(origin), which is neither the first request's origin (\(chain.firstOrigin)) "
                + "nor on the allowlist.",
            target: target)
    }

    /// Decides one redirect and records it in the chain.
    ///
    /// - Parameters:
    ///   - location: the `Location` header value as received.
    ///   - chain: the chain so far; the hop is appended to it.
    /// - Returns: the decision.
    public func evaluate(location: String, in chain: inout RedirectChain) -> RedirectDecision {
        let decision = decide(location: location, in: chain)
        chain.record(location: location, decision: decision)
        return decision
    }

    /// Decides a single redirect from `from`, the first request (the `redirect decide` command).
    ///
    /// - Parameters:
    ///   - from: the absolute URL that answered with the redirect.
    ///   - location: the `Location` value, absolute or relative.
    /// - Returns: the decision; an unparseable `from` is refused with ``RedirectReasonCode/unparseableURL``.
    public func decide(from: String, location: String) -> RedirectDecision {
        do {
            return decide(location: location, in: try RedirectChain(startingAt: from))
        } catch {
            return .refuse(.unparseableURL, "The URL being redirected from cannot be parsed: \(error).")
        }
    }

    // MARK: - Headers

    /// Whether a header is a credential header or one of ``sensitiveHeaders`` (any case).
    ///
    /// - Parameter name: a header name.
    public func isSensitive(headerName name: String) -> Bool {
        let lowered = name.lowercased()
        return Self.credentialHeaders.contains { $0.lowercased() == lowered }
            || sensitiveHeaders.contains { $0.lowercased() == lowered }
    }

    // MARK: - Refusals for parse errors

    private static func refusal(for error: RedirectPolicyError) -> RedirectDecision {
        switch error {
        case .empty:
            return .refuse(.emptyLocation, "The Location is empty, so there is nowhere unambiguous to go.")
        case .controlCharacter:
            return .refuse(
                .controlCharacter, "The Location cannot be followed: \(error); parsers drop or keep these differently.")
        case .backslash:
            return .refuse(.backslash, "The Location cannot be followed: \(error).")
        case let .unsupportedScheme(scheme):
            return .refuse(
                .unsupportedScheme, "The Location uses the scheme '\(MessageText.escaped(scheme))'; only http and https are followed.")
        default:
            return .refuse(.unparseableLocation, "The Location cannot be parsed unambiguously: \(error).")
        }
    }
}

//===----------------------------------------------------------------------===//
// RedirectChain.swift: the state of one request's redirects.
//===----------------------------------------------------------------------===//

/// The state of one request's chain of redirects: the first URL (whose origin is the one the
/// policy protects), the current URL (which a relative `Location` resolves against), whether
/// the chain has left the first origin (after which credential and sensitive headers stay
/// stripped, even back on the first origin), and every hop decided so far.
///
/// A value: ``RedirectPolicy/decide(location:in:)`` reads it, ``record(location:decision:)``
/// advances it.
public struct RedirectChain: Hashable, Sendable {
    /// The URL of the first request.
    public let firstURL: ParsedURL
    /// The URL of the request that is answering now.
    public private(set) var currentURL: ParsedURL
    /// Whether every further request must lose its credential and sensitive headers: true from
    /// the first followed hop to another origin until the end of the chain.
    public private(set) var stripsSensitiveHeaders = false
    /// Every hop decided so far, in order.
    public private(set) var hops: [RedirectHop] = []

    /// Starts a chain at the first request's URL.
    ///
    /// - Parameter firstURL: the URL of the first request.
    public init(startingAt firstURL: ParsedURL) {
        self.firstURL = firstURL
        self.currentURL = firstURL
    }

    /// Starts a chain at the first request's URL, given as text.
    ///
    /// - Parameter firstURL: an absolute http or https URL.
    /// - Throws: the ``RedirectPolicyError`` for the first problem in the URL.
    public init(startingAt firstURL: String) throws(RedirectPolicyError) {
        self.init(startingAt: try ParsedURL(parsing: firstURL))
    }

    /// The origin of the first request.
    public var firstOrigin: Origin { firstURL.origin }

    /// How many redirects were followed.
    public var followedCount: Int {
        hops.filter(\.decision.isFollowed).count
    }

    /// Whether the last hop was refused, which ends the chain.
    public var isStopped: Bool {
        hops.last?.decision.isFollowed == false
    }

    /// Records a decision: the hop is appended; a followed hop moves the current URL to its
    /// target and, if it strips headers, keeps them stripped from then on.
    ///
    /// - Parameters:
    ///   - location: the `Location` value as received.
    ///   - decision: what ``RedirectPolicy/decide(location:in:)`` answered for this chain.
    public mutating func record(location: String, decision: RedirectDecision) {
        hops.append(RedirectHop(from: currentURL, location: location, decision: decision))
        guard decision.isFollowed, let target = decision.target else { return }
        currentURL = target
        if decision.stripsSensitiveHeaders { stripsSensitiveHeaders = true }
    }
}

//===----------------------------------------------------------------------===//
// SameOriginGate.swift: a URLSession delegate that applies a RedirectPolicy.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLSessionTaskDelegate` that applies a ``RedirectPolicy`` to every redirect.
///
/// A refused redirect is answered with `completionHandler(nil)`, so the task completes with the
/// redirect response itself (the 302, its headers and body). A followed one goes to the URL the
/// policy resolved (RFC 3986, against the current URL; Foundation on Linux resolves a relative
/// `Location` against the root), and, once the chain has left the first origin, without
/// credential and sensitive headers. Every decision is kept: ``hops``.
///
/// Use ``data(for:configuration:)`` to run one request through the gate on every platform. If
/// you install the gate yourself, make it the session delegate, or set `task.delegate` before
/// `resume()`; never pass it as the `delegate:` argument of `URLSession.data(for:delegate:)`:
/// swift-corelibs-foundation (Linux) silently ignores that argument and follows every redirect.
/// Headers in `URLSessionConfiguration.httpAdditionalHeaders` are added by the session to every
/// request and cannot be stripped here: put credentials on the request.
///
/// The two Foundations propose different requests for a redirect, and the gate starts from the
/// proposed one: Apple's (CFNetwork) has already dropped `Authorization` on every redirect, same
/// origin included, while swift-corelibs-foundation (Linux) forwards every header the first
/// request had. So a same-origin hop keeps `Authorization` on Linux and loses it on Darwin (send it
/// again from the task's own code if the target needs it), and a cross-origin hop that the policy
/// allows loses the credential and sensitive headers on both: the gate strips them whatever the
/// platform left, which on Darwin is everything but `Authorization`.
///
/// Thread-safe: its state is behind a lock, and URLSession may call it from any queue.
public final class SameOriginGate: NSObject, URLSessionTaskDelegate, Sendable {
    /// The policy every redirect is decided by.
    public let policy: RedirectPolicy
    private let state = Locked(GateState())

    /// Creates a gate.
    ///
    /// - Parameter policy: the policy every redirect is decided by.
    public init(policy: RedirectPolicy = RedirectPolicy()) {
        self.policy = policy
    }

    /// Every redirect decided so far, across all tasks, in order. Kept for the gate's lifetime:
    /// use one gate per request (as ``data(for:configuration:)`` does) or per short-lived session.
    public var hops: [RedirectHop] {
        state.withLock { $0.hops }
    }

    /// The chain of a task that is still running and has been redirected, if any.
    ///
    /// - Parameter task: the task.
    public func chain(for task: URLSessionTask) -> RedirectChain? {
        state.withLock { $0.chain(for: task) }
    }

    // MARK: - URLSessionTaskDelegate

    /// Decides a redirect with the policy: `nil` (refuse, so the redirect response is the result)
    /// or the request to make next.
    ///
    /// - Parameters:
    ///   - session: the session.
    ///   - task: the redirected task.
    ///   - response: the redirect response; its `Location` header is what is decided.
    ///   - request: the request Foundation proposes; only its method, body and headers are used.
    ///   - completionHandler: called once, before this returns.
    public func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(redirectRequest(for: response, proposed: request, task: task))
    }

    /// Forgets the chain of a finished task (its hops stay in ``hops``).
    ///
    /// - Parameters:
    ///   - session: the session.
    ///   - task: the finished task.
    ///   - error: why it failed, if it did.
    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        _ = finishChain(for: task)
    }

    // MARK: - The decision

    /// The request to make for a redirect, or `nil` to refuse it; for delegates that want to
    /// apply the gate inside their own `willPerformHTTPRedirection`.
    ///
    /// - Parameters:
    ///   - response: the redirect response.
    ///   - proposed: the request Foundation proposes (its URL is replaced by the policy's).
    ///   - task: the redirected task; its chain starts at `task.originalRequest`'s URL.
    /// - Returns: the new request (its URL resolved by the policy, sensitive headers stripped
    ///   when the chain has left the first origin), or `nil`.
    public func redirectRequest(for response: HTTPURLResponse, proposed: URLRequest, task: URLSessionTask) -> URLRequest? {
        let location = response.value(forHTTPHeaderField: "Location") ?? ""
        let firstURL = task.originalRequest?.url ?? response.url
        let decision: RedirectDecision? = state.withLock { state in
            var chain: RedirectChain
            if let existing = state.chain(for: task) {
                chain = existing
            } else {
                guard let url = firstURL, let parsed = try? ParsedURL(url) else { return nil }
                chain = RedirectChain(startingAt: parsed)
            }
            let decision = policy.evaluate(location: location, in: &chain)
            state.store(chain, for: task)
            return decision
        }
        guard let decision, decision.isFollowed, let url = decision.target?.url else { return nil }
        var next = proposed
        next.url = url
        if decision.stripsSensitiveHeaders {
            for name in (proposed.allHTTPHeaderFields ?? [:]).keys where policy.isSensitive(headerName: name) {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return next
    }

    /// Removes a task's chain and returns its hops (empty when it was never redirected).
    func finishChain(for task: URLSessionTask) -> [RedirectHop] {
        state.withLock { $0.removeChain(for: task)?.hops ?? [] }
    }
}

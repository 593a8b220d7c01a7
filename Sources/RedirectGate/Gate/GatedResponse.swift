//===----------------------------------------------------------------------===//
// GatedResponse.swift: the result of one gated request.
//===----------------------------------------------------------------------===//

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The result of one request run through a ``SameOriginGate``: the final response (the
/// redirect response itself when a redirect was refused), its body, and every redirect decided.
public struct GatedResponse: Sendable {
    /// The response body.
    public let data: Data
    /// The final response.
    public let response: HTTPURLResponse
    /// The redirects of this request, in order; the last is refused when ``wasRedirectRefused``.
    public let hops: [RedirectHop]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - data: the response body.
    ///   - response: the final response.
    ///   - hops: the redirects decided.
    public init(data: Data, response: HTTPURLResponse, hops: [RedirectHop]) {
        self.data = data
        self.response = response
        self.hops = hops
    }

    /// The final response's status code.
    public var statusCode: Int { response.statusCode }

    /// Whether the request ended at a refused redirect (so ``response`` is that redirect).
    public var wasRedirectRefused: Bool {
        hops.last?.decision.isFollowed == false
    }
}

//===----------------------------------------------------------------------===//
// SameOriginGate+Data.swift: one request through a gate, on every platform.
//===----------------------------------------------------------------------===//

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SameOriginGate {
    /// Runs one request with this gate deciding its redirects, the same way on Apple platforms
    /// and Linux.
    ///
    /// The request runs in a fresh session (from `configuration`) whose session delegate sees
    /// every redirect, so a refusal really returns the redirect response, also on Linux where
    /// `data(for:delegate:)` ignores a per-task delegate and follows everything. The session is
    /// invalidated when the request ends. Cancelling the calling task cancels the request.
    ///
    /// - Parameters:
    ///   - request: the request; put credentials and sensitive headers here (not in the
    ///     configuration's `httpAdditionalHeaders`, which cannot be stripped).
    ///   - configuration: the session configuration; ephemeral by default, so no cookies,
    ///     credentials or cache are shared with other sessions.
    /// - Returns: the final response, its body and this request's redirects.
    /// - Throws: ``RedirectPolicyError/invalidRequestURL(_:)`` when the request's URL is not
    ///   one the policy can start a chain from; ``RedirectPolicyError/transportFailed(code:message:)``
    ///   when the transfer fails; ``RedirectPolicyError/notHTTPResponse``.
    public func data(
        for request: URLRequest, configuration: URLSessionConfiguration = .ephemeral
    ) async throws(RedirectPolicyError) -> GatedResponse {
        guard let url = request.url, let parsed = try? ParsedURL(url), parsed.origin.isHTTP else {
            throw .invalidRequestURL(request.url?.absoluteString ?? "")
        }
        return try await GatedTransfer(gate: self).run(request, configuration: configuration).get()
    }

    /// Runs one request with a new gate for `policy`; see ``data(for:configuration:)``.
    ///
    /// - Parameters:
    ///   - request: the request.
    ///   - policy: the redirect policy.
    ///   - configuration: the session configuration; ephemeral by default.
    /// - Returns: the final response, its body and the request's redirects.
    /// - Throws: as ``data(for:configuration:)``.
    public static func data(
        for request: URLRequest, policy: RedirectPolicy, configuration: URLSessionConfiguration = .ephemeral
    ) async throws(RedirectPolicyError) -> GatedResponse {
        try await SameOriginGate(policy: policy).data(for: request, configuration: configuration)
    }
}

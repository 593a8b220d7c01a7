//===----------------------------------------------------------------------===//
// FixtureResponder.swift: the response bytes for each route, encoded once.
//===----------------------------------------------------------------------===//

/// Answers requests: the bytes for each route, method and `Connection` variant are encoded on
/// first use and reused, so a keep-alive client costs one dictionary lookup per response.
///
/// Owned by the event loop's thread; not shared.
final class FixtureResponder {
    private struct Key: Hashable {
        var route: FixtureRoute
        var isHead: Bool
        var connection: ConnectionHeader
    }

    private let endpoints: FixtureEndpoints
    private var cache: [Key: [UInt8]] = [:]

    /// Creates a responder for a fixture bound to `endpoints` (`/start` names the foreign port).
    init(endpoints: FixtureEndpoints) {
        self.endpoints = endpoints
    }

    /// The response to an accepted request.
    ///
    /// - Parameters:
    ///   - route: the request's route.
    ///   - head: the request.
    ///   - ledger: the live ledger, read only for `/__ledger`.
    func response(for route: FixtureRoute, head: RequestHead, ledger: () -> Ledger) -> [UInt8] {
        let isHead = head.line.method == "HEAD"
        let connection = ConnectionHeader(version: head.line.version, keepAlive: head.keepAlive)
        if route == .ledger {
            return ResponseEncoder.encode(
                .ok, contentType: "application/json", body: Array(ledger().json.utf8), includeBody: !isHead,
                connection: connection)
        }
        let key = Key(route: route, isHead: isHead, connection: connection)
        if let cached = cache[key] { return cached }
        let bytes = encode(route, isHead: isHead, connection: connection)
        cache[key] = bytes
        return bytes
    }

    private func encode(_ route: FixtureRoute, isHead: Bool, connection: ConnectionHeader) -> [UInt8] {
        let text = "text/plain; charset=utf-8"
        switch route {
        case .same:
            return ResponseEncoder.encode(.found, headers: [("Location", "/target")], connection: connection)
        case .start:
            return ResponseEncoder.encode(
                .found, headers: [("Location", "\(endpoints.foreignURL)/target")], connection: connection)
        case .target, .ledger:
            return ResponseEncoder.encode(
                .ok, contentType: text, body: Array("ok".utf8), includeBody: !isHead, connection: connection)
        case .methodNotAllowed:
            return ResponseEncoder.encode(
                .methodNotAllowed, headers: [("Allow", FixtureRoute.allowedMethods)], contentType: text,
                body: Array("method not allowed\n".utf8), includeBody: !isHead, connection: connection)
        case .notFound:
            return ResponseEncoder.encode(
                .notFound, contentType: text, body: Array("not found\n".utf8), includeBody: !isHead,
                connection: connection)
        }
    }
}

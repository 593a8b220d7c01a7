//===----------------------------------------------------------------------===//
// FixtureRoute.swift: the fixture's routes.
//===----------------------------------------------------------------------===//

/// The fixture's routes (design.md, scenario 1). Only GET and HEAD match a route; another method
/// on a known path is ``methodNotAllowed``, and an unknown path is ``notFound``.
enum FixtureRoute: Hashable, Sendable {
    /// Origin `/same`: `302 Location: /target`.
    case same
    /// Origin `/start`: `302 Location: http://127.0.0.1:<foreign port>/target`.
    case start
    /// `/target` on either listener: `200`, body `ok`.
    case target
    /// Origin `/__ledger`: the live ledger as JSON, not itself counted.
    case ledger
    /// A path above with a method other than GET or HEAD: 405 with `Allow: GET, HEAD` (RFC 9110,
    /// section 15.5.6).
    case methodNotAllowed
    /// Everything else: 404.
    case notFound

    /// The route for `line` on the listener with `role`.
    init(_ line: RequestLine, on role: ListenerRole) {
        let route: FixtureRoute
        switch (role, line.path) {
        case (.origin, "/same"): route = .same
        case (.origin, "/start"): route = .start
        case (_, "/target"): route = .target
        case (.origin, "/__ledger"): route = .ledger
        default: route = .notFound
        }
        let readOnly = line.method == "GET" || line.method == "HEAD"
        self = readOnly || route == .notFound ? route : .methodNotAllowed
    }

    /// Whether a request on this route counts in the ledger.
    var isCounted: Bool { self != .ledger }

    /// The methods a known path answers, for the `Allow` header of a 405.
    static let allowedMethods = "GET, HEAD"
}

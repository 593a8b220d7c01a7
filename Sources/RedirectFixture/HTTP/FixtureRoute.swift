//===----------------------------------------------------------------------===//
// FixtureRoute.swift: the fixture's routes.
//===----------------------------------------------------------------------===//

/// The fixture's routes (design.md, scenario 1). Only GET and HEAD match a route; any other
/// method, like any other path, is ``notFound``.
enum FixtureRoute: Hashable, Sendable {
    /// Origin `/same`: `302 Location: /target`.
    case same
    /// Origin `/start`: `302 Location: http://127.0.0.1:<foreign port>/target`.
    case start
    /// `/target` on either listener: `200`, body `ok`.
    case target
    /// Origin `/__ledger`: the live ledger as JSON, not itself counted.
    case ledger
    /// Everything else: 404.
    case notFound

    /// The route for `line` on the listener with `role`.
    init(_ line: RequestLine, on role: ListenerRole) {
        guard line.method == "GET" || line.method == "HEAD" else {
            self = .notFound
            return
        }
        switch (role, line.path) {
        case (.origin, "/same"): self = .same
        case (.origin, "/start"): self = .start
        case (_, "/target"): self = .target
        case (.origin, "/__ledger"): self = .ledger
        default: self = .notFound
        }
    }

    /// Whether a request on this route counts in the ledger.
    var isCounted: Bool { self != .ledger }
}

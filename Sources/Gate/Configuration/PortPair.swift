//===----------------------------------------------------------------------===//
// PortPair.swift: the fixture's origin and foreign ports.
//===----------------------------------------------------------------------===//

import RedirectFixture

/// The fixture's two ports on 127.0.0.1.
package struct PortPair: Equatable, Hashable, Sendable {
    /// The origin listener's port (the suites' first requests go there).
    package var origin: Int
    /// The foreign listener's port (a redirect there must be refused).
    package var foreign: Int

    /// `http://127.0.0.1:<origin>`.
    package var originURL: String { "http://127.0.0.1:\(origin)" }
    /// `http://127.0.0.1:<foreign>`.
    package var foreignURL: String { "http://127.0.0.1:\(foreign)" }
}

// In an extension, so the memberwise initialiser is still synthesized.
extension PortPair {
    /// The configured pair, or `nil` for `"auto"` (known only once the fixture is ready).
    package init?(_ ports: FixturePorts) {
        guard case .fixed(let origin, let foreign) = ports else { return nil }
        self.init(origin: origin, foreign: foreign)
    }
}

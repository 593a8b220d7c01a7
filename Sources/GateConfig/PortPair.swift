//===----------------------------------------------------------------------===//
// PortPair.swift: the fixture's origin and foreign ports.
//===----------------------------------------------------------------------===//

import GateCore
import RedirectFixture

/// The fixture's two ports on 127.0.0.1: `origin` (the suites' first requests go there) and
/// `foreign` (a redirect there must be refused); the same pair the report records.
package typealias PortPair = ListenerPair<Int>

extension PortPair {
    /// `http://127.0.0.1:<origin>`.
    package var originURL: String { "http://127.0.0.1:\(origin)" }
    /// `http://127.0.0.1:<foreign>`.
    package var foreignURL: String { "http://127.0.0.1:\(foreign)" }

    /// The configured pair, or `nil` for `"auto"` (known only once the fixture is ready).
    package init?(_ ports: FixturePorts) {
        guard case .fixed(let origin, let foreign) = ports else { return nil }
        self.init(origin: origin, foreign: foreign)
    }
}

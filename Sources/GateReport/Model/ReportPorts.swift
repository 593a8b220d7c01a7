//===----------------------------------------------------------------------===//
// ReportPorts.swift: the fixture's two ports.
//===----------------------------------------------------------------------===//

import GateCore

/// The fixture's two listener ports: `origin` (same-origin redirects) and `foreign` (the foreign
/// origin that must see no requests).
package typealias ReportPorts = ListenerPair<Int>

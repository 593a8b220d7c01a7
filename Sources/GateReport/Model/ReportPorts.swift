//===----------------------------------------------------------------------===//
// ReportPorts.swift: the fixture's two ports.
//===----------------------------------------------------------------------===//

/// The fixture's two listener ports.
package struct ReportPorts: Codable, Equatable, Sendable {
    /// The first listener (same-origin redirects).
    package var origin: Int
    /// The second listener (the foreign origin that must see no requests).
    package var foreign: Int

    /// Creates a pair of ports.
    package init(origin: Int, foreign: Int) {
        self.origin = origin
        self.foreign = foreign
    }
}

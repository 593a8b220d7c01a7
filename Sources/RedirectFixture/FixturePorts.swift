//===----------------------------------------------------------------------===//
// FixturePorts.swift: which ports the two listeners bind.
//===----------------------------------------------------------------------===//

/// Which ports the fixture's two listeners bind on 127.0.0.1.
package enum FixturePorts: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Exactly these two ports: the origin listener's and the foreign listener's.
    case fixed(origin: Int, foreign: Int)
    /// Two ephemeral ports chosen by the kernel (bind port 0 and read the port back).
    case automatic

    /// The ports design.md fixes for the default configuration: 8765 and 8766.
    package static let standard = FixturePorts.fixed(origin: 8765, foreign: 8766)

    /// The ports that may be named explicitly.
    package static let validRange = 1...65535

    /// Parses the `--ports` value: `auto`, or two different ports as `A,B` (decimal digits only).
    ///
    /// - Parameter text: the value as typed.
    /// - Returns: the ports, or `nil` when `text` is neither form or a port is out of range.
    package init?(parsing text: String) {
        if text == "auto" {
            self = .automatic
            return
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let origin = Self.port(parts.first),
            let foreign = Self.port(parts.last),
            origin != foreign
        else { return nil }
        self = .fixed(origin: origin, foreign: foreign)
    }

    /// `8765,8766` or `auto`: the form ``init(parsing:)`` reads.
    package var description: String {
        switch self {
        case let .fixed(origin, foreign): "\(origin),\(foreign)"
        case .automatic: "auto"
        }
    }

    /// Whether the value is usable: `automatic`, or two different ports within ``validRange``.
    package var isValid: Bool {
        switch self {
        case let .fixed(origin, foreign):
            Self.validRange.contains(origin) && Self.validRange.contains(foreign) && origin != foreign
        case .automatic:
            true
        }
    }

    /// One port written as 1 to 5 ASCII digits within ``validRange``.
    private static func port(_ text: Substring?) -> Int? {
        guard let text, (1...5).contains(text.utf8.count),
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let value = Int(text), validRange.contains(value)
        else { return nil }
        return value
    }
}

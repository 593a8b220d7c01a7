//===----------------------------------------------------------------------===//
// AcceptancePoint.swift: the four acceptance points of design.md's frame scenario.
//===----------------------------------------------------------------------===//

/// The four acceptance points of the binary frame scenario; every case proves one of them.
package enum AcceptancePoint: String, CaseIterable, Sendable, Codable {
    /// Every valid frame returns exactly its bytes.
    case validFrames = "valid-frames"
    /// Every truncated prefix fails clearly.
    case truncatedPrefixes = "truncated-prefixes"
    /// Unknown versions and over-limit lengths are rejected.
    case rejectedHeaders = "rejected-headers"
    /// Trailing bytes cannot slip past the single-frame boundary.
    case trailingBytes = "trailing-bytes"

    /// The point as design.md states it.
    package var statement: String {
        switch self {
        case .validFrames: "every valid frame returns exactly its bytes"
        case .truncatedPrefixes: "every truncated prefix fails as truncated"
        case .rejectedHeaders: "unknown versions and over-limit lengths are rejected"
        case .trailingBytes: "trailing bytes cannot slip past the single-frame boundary"
        }
    }
}

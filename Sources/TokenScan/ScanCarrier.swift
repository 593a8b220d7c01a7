//===----------------------------------------------------------------------===//
// ScanCarrier.swift: how a secret was disguised where the scanner found it.
//===----------------------------------------------------------------------===//

/// The encoding a secret was printed in, when it was not printed as itself: the scanner decoded
/// it before the rules ran. The raw value is the stable id that outputs show (`carrier`).
package enum ScanCarrier: String, Codable, Sendable, CaseIterable {
    /// Inside a run of base64 (standard or URL-safe) of printable text: an HTTP body, a JSON dump.
    case base64
    /// Inside a run of hex digits of printable text.
    case hex
    /// Spelled with JSON `\uXXXX` escapes.
    case jsonEscape = "json-escape"
    /// Percent-encoded (`%5F`), as in a URL's query string.
    case url
    /// Cut across two lines: one line ends in its first part, the next starts with the rest.
    case wrapped
}

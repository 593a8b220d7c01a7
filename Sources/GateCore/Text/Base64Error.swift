//===----------------------------------------------------------------------===//
// Base64Error.swift: why text is not the canonical base64 of its bytes.
//===----------------------------------------------------------------------===//

/// Why ``Base64/decodeCanonical(_:)`` refused a text: a phrase the caller puts into its own error.
package struct Base64Error: Error, Equatable, Sendable {
    /// Which rule the text breaks, e.g. `it has a line break`.
    package var reason: String

    /// Creates a failure with its reason.
    package init(_ reason: String) {
        self.reason = reason
    }
}

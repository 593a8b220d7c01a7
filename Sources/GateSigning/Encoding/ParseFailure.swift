//===----------------------------------------------------------------------===//
// ParseFailure.swift: why untrusted key bytes were refused, for the caller's message.
//===----------------------------------------------------------------------===//

/// Why a PEM or DER parser refused its input: a phrase the caller puts into a ``SigningError``.
struct ParseFailure: Error, Equatable {
    /// What is wrong, e.g. `the seed is 31 bytes, expected 32`.
    var reason: String

    /// Creates a failure with its reason.
    init(_ reason: String) {
        self.reason = reason
    }
}

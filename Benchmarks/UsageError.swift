//===----------------------------------------------------------------------===//
// UsageError.swift: a bad command line (exit 2).
//===----------------------------------------------------------------------===//

/// A bad command line; the message is printed above the usage text.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

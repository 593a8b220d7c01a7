//===----------------------------------------------------------------------===//
// UsageError.swift: a bad command line (exit 2).
//===----------------------------------------------------------------------===//

/// A bad command line; the message is printed above the usage text.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }

    /// `value` read as a whole number in `range`, for every mode's numeric options; otherwise the
    /// error `--flag wants a whole number in 1...101, not 'x'`.
    static func wholeNumber(_ value: String, for flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw UsageError("\(flag) wants a whole number in \(range), not '\(value)'")
        }
        return number
    }
}

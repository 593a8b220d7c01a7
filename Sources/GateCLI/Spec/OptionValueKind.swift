//===----------------------------------------------------------------------===//
// OptionValueKind.swift: what an option's value may be.
//===----------------------------------------------------------------------===//

/// What an option's value may be; validation parses the text into an ``OptionValue``.
package enum OptionValueKind: Equatable, Sendable {
    /// A decimal integer within the range.
    case integer(ClosedRange<Int>)
    /// Any text.
    case text
    /// One of the listed words, spelled exactly.
    case choice([String])

    /// What the kind accepts, as it reads in an error: `an integer from 0 to 10`.
    package var allowedDescription: String {
        switch self {
        case let .integer(range):
            return "an integer from \(range.lowerBound) to \(range.upperBound)"
        case .text:
            return "any text"
        case let .choice(words):
            return "one of " + words.joined(separator: ", ")
        }
    }

    /// Parses `text` into a value of this kind, or `nil` when it is not one.
    package func parse(_ text: String) -> OptionValue? {
        switch self {
        case let .integer(range):
            // Plain decimal digits with an optional sign: no spaces, no underscores, no hex.
            guard let value = Int(text, radix: 10), range.contains(value) else { return nil }
            return .integer(value)
        case .text:
            return .text(text)
        case let .choice(words):
            return words.contains(text) ? .text(text) : nil
        }
    }
}

//===----------------------------------------------------------------------===//
// OptionValue.swift: one validated option value.
//===----------------------------------------------------------------------===//

/// One validated option value.
package enum OptionValue: Equatable, Sendable, CustomStringConvertible {
    /// A flag that was present.
    case flag
    /// A parsed integer.
    case integer(Int)
    /// Text, or one of a choice's words.
    case text(String)

    /// The value as help prints a default: `1048576`, `text`.
    package var description: String {
        switch self {
        case .flag: "true"
        case let .integer(value): String(value)
        case let .text(value): value
        }
    }
}

//===----------------------------------------------------------------------===//
// OptionOccurrence.swift: one option as given, before validation.
//===----------------------------------------------------------------------===//

/// One option as given on the command line, before its value is validated.
package struct OptionOccurrence: Equatable, Sendable {
    /// The name without dashes.
    package var name: String
    /// The raw value, or `nil` for a flag.
    package var value: String?

    /// Creates an occurrence.
    package init(name: String, value: String? = nil) {
        self.name = name
        self.value = value
    }
}

//===----------------------------------------------------------------------===//
// OptionSpec.swift: the declaration of one `--name` option.
//===----------------------------------------------------------------------===//

/// The declaration of one long option: its name, whether it takes a value and what kind,
/// whether it is required or repeatable, its default and its help text.
package struct OptionSpec: Equatable, Sendable {
    /// The name without dashes: `limit` for `--limit`.
    package var name: String
    /// The kind of value, or `nil` for a flag that takes none.
    package var valueKind: OptionValueKind?
    /// The value's placeholder in help and messages: `n` in `--limit <n>`.
    package var valueName: String
    /// Whether the command refuses to run without it.
    package var isRequired: Bool
    /// Whether it may appear more than once (every value is kept, in order).
    package var isRepeatable: Bool
    /// The value used when the option is absent; shown in help.
    package var defaultValue: OptionValue?
    /// One sentence for help.
    package var help: String

    /// Declares a flag, an option without a value.
    ///
    /// - Parameters:
    ///   - name: the name without dashes.
    ///   - isRequired: whether the command refuses to run without it.
    ///   - help: one sentence for help.
    package static func flag(_ name: String, isRequired: Bool = false, help: String) -> OptionSpec {
        OptionSpec(
            name: name, valueKind: nil, valueName: "", isRequired: isRequired,
            isRepeatable: false, defaultValue: nil, help: help)
    }

    /// Declares an option that takes a value.
    ///
    /// - Parameters:
    ///   - name: the name without dashes.
    ///   - kind: what the value may be.
    ///   - valueName: its placeholder in help, e.g. `n` for `--limit <n>`.
    ///   - isRequired: whether the command refuses to run without it.
    ///   - isRepeatable: whether it may appear more than once.
    ///   - defaultValue: the value when absent.
    ///   - help: one sentence for help.
    package static func value(
        _ name: String, kind: OptionValueKind, valueName: String,
        isRequired: Bool = false, isRepeatable: Bool = false,
        defaultValue: OptionValue? = nil, help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, valueKind: kind, valueName: valueName, isRequired: isRequired,
            isRepeatable: isRepeatable, defaultValue: defaultValue, help: help)
    }

    /// The option as typed: `--limit`.
    package var spelling: String { "--" + name }

    /// Whether the option takes a value.
    package var takesValue: Bool { valueKind != nil }

    /// How to pass it: `--batch`, or `--limit <n>`.
    package var usage: String {
        takesValue ? "\(spelling) <\(valueName)>" : spelling
    }
}

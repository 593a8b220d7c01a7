//===----------------------------------------------------------------------===//
// PositionalSpec.swift: the declaration of one positional argument.
//===----------------------------------------------------------------------===//

/// The declaration of one positional argument. A command's positionals are filled in order;
/// only the last may be repeatable.
package struct PositionalSpec: Equatable, Sendable {
    /// The placeholder in help and messages, without brackets: `path` for `<path>`.
    package var name: String
    /// Whether at least one value must be given.
    package var isRequired: Bool
    /// Whether it takes every remaining argument.
    package var isRepeatable: Bool
    /// One sentence for help.
    package var help: String

    /// Declares a positional argument.
    package init(_ name: String, isRequired: Bool = true, isRepeatable: Bool = false, help: String) {
        self.name = name
        self.isRequired = isRequired
        self.isRepeatable = isRepeatable
        self.help = help
    }

    /// The placeholder: `<path>`.
    package var placeholder: String { "<\(name)>" }

    /// How it appears in a usage line: `<path>`, `[<path>]`, `<path> ...`, `[<path> ...]`.
    package var usage: String {
        let repeated = isRepeatable ? "\(placeholder) ..." : placeholder
        return isRequired ? repeated : "[\(repeated)]"
    }
}

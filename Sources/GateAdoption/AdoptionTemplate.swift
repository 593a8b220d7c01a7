//===----------------------------------------------------------------------===//
// AdoptionTemplate.swift: one starter file, embedded in the binary.
//===----------------------------------------------------------------------===//

/// One starter file `init` writes, embedded in the binary because `init` runs in a team's
/// repository, far from this one. The file in this repository's `templates/` folder is the one
/// source: `ci/generate-templates` writes the Swift that embeds it, and a test fails when that is stale.
package struct AdoptionTemplate: Equatable, Sendable {
    /// The source's path below `templates/`, e.g. `ci/github-actions.yml`.
    package var path: String
    /// The text, with `{{target}}`, `{{scheme}}` and `{{gateVersion}}` placeholders.
    package var text: String
    /// Whether the written file is executable (mode 0755 rather than 0644).
    package var isExecutable: Bool

    /// Declares a template.
    package init(path: String, isExecutable: Bool = false, text: String) {
        self.path = path
        self.text = text
        self.isExecutable = isExecutable
    }

    /// The text with every placeholder replaced and only the optional parts in `sections` kept
    /// (``TemplateSections``).
    ///
    /// - Parameters:
    ///   - values: the value of each placeholder.
    ///   - sections: the optional parts to keep, e.g. `linux`; none by default.
    /// - Throws: ``AdoptionError/unknownPlaceholder(name:template:)`` for a placeholder without a value.
    package func render(_ values: [String: String], sections: Set<String> = []) throws(AdoptionError) -> String {
        TemplateSections.select(try PlaceholderText.fill(text, values: values, template: path), keeping: sections)
    }
}

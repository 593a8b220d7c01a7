//===----------------------------------------------------------------------===//
// TemplateTag.swift: one `{{…}}` tag found in a template's text.
//===----------------------------------------------------------------------===//

/// One `{{…}}` tag as the parser found it, with where it starts and ends.
struct TemplateTag: Equatable {
    /// What the tag says.
    enum Kind: Equatable {
        /// `{{! … }}`.
        case comment
        /// `{{path}}` or `{{{path}}}`.
        case variable(path: String, raw: Bool)
        /// `{{#each path}}` or `{{#if path}}`.
        case open(block: String, path: String)
        /// `{{else}}`.
        case otherwise
        /// `{{/each}}` or `{{/if}}`.
        case close(block: String)
    }

    /// What it says.
    var kind: Kind
    /// The tag as written, for messages.
    var spelling: String
    /// The UTF-8 offset of its first `{`.
    var start: Int
    /// The UTF-8 offset just after its last `}`.
    var end: Int
    /// Its 1-based line.
    var line: Int
    /// Its 1-based column, in Unicode scalars.
    var column: Int

    /// Whether the tag is a block tag that, alone on its line, takes the whole line with it.
    var isStandaloneCandidate: Bool {
        if case .variable = kind { return false }
        return true
    }
}

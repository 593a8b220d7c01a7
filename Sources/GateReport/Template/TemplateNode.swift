//===----------------------------------------------------------------------===//
// TemplateNode.swift: one piece of a parsed template.
//===----------------------------------------------------------------------===//

/// One piece of a parsed template.
package indirect enum TemplateNode: Equatable, Sendable {
    /// Literal text.
    case text(String)
    /// `{{path}}` (escaped) or `{{{path}}}` (raw).
    case variable(path: String, raw: Bool)
    /// `{{#each path}}body{{else}}empty{{/each}}`.
    case each(path: String, body: [TemplateNode], empty: [TemplateNode])
    /// `{{#if path}}then{{else}}otherwise{{/if}}`.
    case conditional(path: String, then: [TemplateNode], otherwise: [TemplateNode])
}

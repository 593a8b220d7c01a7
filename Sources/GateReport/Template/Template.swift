//===----------------------------------------------------------------------===//
// Template.swift: a parsed template and its evaluation.
//===----------------------------------------------------------------------===//

/// A parsed template (the language is described in `templates/README.md`): `{{path}}`,
/// `{{{path}}}`, `{{#each path}}…{{else}}…{{/each}}`, `{{#if path}}…{{else}}…{{/if}}` and
/// `{{! comment }}`.
package struct Template: Equatable, Sendable {
    /// The template's name in messages (its file path, or `built-in NAME`).
    package var name: String
    /// How `{{path}}` is escaped.
    package var escaping: TemplateEscaping
    /// The parsed pieces.
    package var nodes: [TemplateNode]

    /// Renders the template with `context` as the outermost scope. A path that names nothing
    /// renders as nothing and counts as false.
    package func render(_ context: TemplateValue) -> String {
        var output = ""
        render(nodes, scopes: [context], into: &output)
        return output
    }

    /// Renders `nodes` with `scopes` (innermost last).
    private func render(_ nodes: [TemplateNode], scopes: [TemplateValue], into output: inout String) {
        for node in nodes {
            switch node {
            case let .text(text):
                output += text
            case let .variable(path, raw):
                guard let value = Self.lookup(path, in: scopes) else { continue }
                output += raw ? value.text : escaping.escape(value.text)
            case let .conditional(path, then, otherwise):
                let value = Self.lookup(path, in: scopes)
                render(value?.isTruthy == true ? then : otherwise, scopes: scopes, into: &output)
            case let .each(path, body, empty):
                let value = Self.lookup(path, in: scopes)
                guard let value, value.isTruthy else {
                    render(empty, scopes: scopes, into: &output)
                    continue
                }
                let items: [TemplateValue]
                if case let .list(list) = value { items = list } else { items = [value] }
                for (index, item) in items.enumerated() {
                    let loop = TemplateValue.object([
                        "@index": .int(index), "@number": .int(index + 1),
                        "@first": .bool(index == 0), "@last": .bool(index == items.count - 1),
                    ])
                    render(body, scopes: scopes + [loop, item], into: &output)
                }
            }
        }
    }

    /// The value `path` names: `.` is the innermost scope; otherwise the first segment is looked
    /// up from the innermost scope outwards, and the rest descends into that value.
    static func lookup(_ path: String, in scopes: [TemplateValue]) -> TemplateValue? {
        if path == "." { return scopes.last }
        let segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = segments.first else { return nil }
        for scope in scopes.reversed() {
            guard var value = scope[field: first] else { continue }
            for segment in segments.dropFirst() {
                guard let next = value[field: segment] else { return nil }
                value = next
            }
            return value
        }
        return nil
    }
}

// In an extension, so the memberwise initialiser (a template from nodes already parsed) is still synthesized.
extension Template {
    /// Parses `source`.
    ///
    /// - Parameters:
    ///   - source: the template text.
    ///   - name: its name in messages.
    ///   - escaping: how `{{path}}` is escaped.
    /// - Throws: ``GateReportError/templateSyntax(template:line:column:problem:)``.
    package init(parsing source: String, name: String, escaping: TemplateEscaping) throws(GateReportError) {
        self.name = name
        self.escaping = escaping
        self.nodes = try TemplateParser(source: source, name: name).parse()
    }
}

//===----------------------------------------------------------------------===//
// ReportTemplates.swift: the Markdown and HTML templates, built in or from --templates.
//===----------------------------------------------------------------------===//

import GateCore

/// The two templates the Markdown summary and the HTML report are rendered from. The defaults are
/// built in; `--templates DIR` replaces either or both with `DIR/summary.md.template` and
/// `DIR/report.html.template`.
package struct ReportTemplates: Equatable, Sendable {
    /// The Markdown summary's template (escaping: ``TemplateEscaping/markdown``).
    package var markdown: Template
    /// The HTML report's template (escaping: ``TemplateEscaping/html``).
    package var html: Template

    /// The Markdown template's file name.
    package static let markdownFileName = "summary.md.template"
    /// The HTML template's file name.
    package static let htmlFileName = "report.html.template"
    /// The largest template file read (1 MiB).
    package static let maximumTemplateSize = 1 << 20

    /// Creates a pair of parsed templates.
    package init(markdown: Template, html: Template) {
        self.markdown = markdown
        self.html = html
    }

    /// The built-in templates.
    package static var builtIn: ReportTemplates {
        ReportTemplates(
            markdown: builtIn(builtInMarkdownSource, name: "built-in " + markdownFileName, escaping: .markdown),
            html: builtIn(builtInHTMLSource, name: "built-in " + htmlFileName, escaping: .html))
    }

    /// Loads the templates in `directory`; a file that is absent keeps the built-in one.
    ///
    /// - Throws: ``GateReportError/templatesNotFound(directory:)`` when neither file is there,
    ///   ``GateReportError/readFailed(path:code:)``, or
    ///   ``GateReportError/templateSyntax(template:line:column:problem:)`` naming the file.
    package static func load(from directory: String) throws(GateReportError) -> ReportTemplates {
        var templates = builtIn
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        let markdown = try source(at: folder + markdownFileName)
        let html = try source(at: folder + htmlFileName)
        guard markdown != nil || html != nil else { throw .templatesNotFound(directory: directory) }
        if let markdown {
            templates.markdown = try Template(parsing: markdown, name: folder + markdownFileName, escaping: .markdown)
        }
        if let html {
            templates.html = try Template(parsing: html, name: folder + htmlFileName, escaping: .html)
        }
        return templates
    }

    /// The text at `path`, or `nil` when there is no such file.
    private static func source(at path: String) throws(GateReportError) -> String? {
        do {
            let bytes = try AtomicFile.read(path, limit: maximumTemplateSize)
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            if case let .readFailed(_, code) = error, code == ENOENT { return nil }
            throw error
        }
    }

    /// A built-in template; a test proves both parse, so the fallback (a template that says what
    /// went wrong) never shows.
    private static func builtIn(_ source: String, name: String, escaping: TemplateEscaping) -> Template {
        do {
            return try Template(parsing: source, name: name, escaping: escaping)
        } catch {
            return Template(name: name, escaping: escaping, nodes: [.text(error.description + "\n")])
        }
    }
}

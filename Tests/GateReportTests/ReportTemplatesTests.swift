//===----------------------------------------------------------------------===//
// ReportTemplatesTests.swift: shipped template files, built-in defaults, --templates folders.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import GateTestSupport
import Testing

@Suite("report templates")
struct ReportTemplatesTests {
    /// The package's `templates/report` folder, found from this file's path.
    private var shippedFolder: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path + "/templates/report/"
    }

    @Test("the shipped template files equal the built-in defaults byte for byte")
    func noDrift() throws {
        let markdown = try Data(contentsOf: URL(fileURLWithPath: shippedFolder + ReportTemplates.markdownFileName))
        let html = try Data(contentsOf: URL(fileURLWithPath: shippedFolder + ReportTemplates.htmlFileName))
        #expect(Array(markdown) == Array(ReportTemplates.builtInMarkdownSource.utf8))
        #expect(Array(html) == Array(ReportTemplates.builtInHTMLSource.utf8))
    }

    @Test("the built-in templates parse")
    func builtInsParse() throws {
        _ = try Template(parsing: ReportTemplates.builtInMarkdownSource, name: "md", escaping: .markdown)
        _ = try Template(parsing: ReportTemplates.builtInHTMLSource, name: "html", escaping: .html)
        let loaded = try ReportTemplates.load(from: shippedFolder)
        #expect(loaded.markdown.nodes == ReportTemplates.builtIn.markdown.nodes)
        #expect(loaded.html.nodes == ReportTemplates.builtIn.html.nodes)
    }

    @Test("a --templates folder replaces the template it holds and keeps the other")
    func override() throws {
        let folder = try ScratchFolder("gatereport-templates")
        defer { folder.remove() }
        try Data("# {{verdict}} at {{commit.shortId}}\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/summary.md.template"))
        let templates = try ReportTemplates.load(from: folder.path)
        let renderer = ReportRenderer(templates: templates)
        #expect(renderer.markdown(SampleReports.accepted) == "# accepted at ab12ab12ab12\n")
        #expect(templates.html == ReportTemplates.builtIn.html)
    }

    @Test("a folder without templates, and a template that does not parse, are errors naming the file")
    func errors() throws {
        let folder = try ScratchFolder("gatereport-badtemplates")
        defer { folder.remove() }
        #expect(throws: GateReportError.templatesNotFound(directory: folder.path)) {
            try ReportTemplates.load(from: folder.path)
        }
        try Data("<ul>\n{{#each suites}}\n<li>{{name}}</li>\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/report.html.template"))
        #expect(
            throws: GateReportError.templateSyntax(
                template: folder.path + "/report.html.template", line: 2, column: 1, problem: "unclosed {{#each suites}}")
        ) {
            try ReportTemplates.load(from: folder.path)
        }
    }
}

//===----------------------------------------------------------------------===//
// ReportRendererTests.swift: every format for every kind of report; Markdown and HTML checks.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import Testing

@Suite("report rendering")
struct ReportRendererTests {
    @Test("every format renders every sample, and the files are named as design.md says")
    func allFormats() throws {
        for (label, report) in [
            ("accepted", SampleReports.accepted), ("rejected", SampleReports.rejected()), ("aborted", SampleReports.aborted),
        ] {
            let folder = try ScratchFolder(label)
            defer { folder.remove() }
            let written = try ReportRenderer().render(report, formats: ReportFormat.allCases, to: folder.path + "/out/nested")
            #expect(written == ["report.json", "junit.xml", "summary.md", "report.html"])
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out/nested").sorted()
                    == ["junit.xml", "report.html", "report.json", "summary.md"])
        }
    }

    @Test(
        "the Markdown summary starts with the verdict",
        arguments: [
            ("accepted", "## ✅ acceptance-gate: accepted"),
            ("rejected", "## ❌ acceptance-gate: rejected — The suite redirect-boundary failed: 1 test(s) failed."),
            ("aborted", "## ⛔ acceptance-gate: aborted — Interrupted by SIGINT during the suites stage."),
        ])
    func markdownFirstLine(label: String, expected: String) {
        let report = label == "accepted" ? SampleReports.accepted : label == "rejected" ? SampleReports.rejected() : SampleReports.aborted
        let markdown = ReportRenderer().markdown(report)
        #expect(markdown.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) == expected)
    }

    @Test("Markdown tables stay tables: hostile cells are escaped and no row is broken")
    func markdownTables() {
        let markdown = ReportRenderer().markdown(SampleReports.rejected())
        #expect(markdown.contains("| Stage | Status | Time | Detail |"))
        #expect(markdown.contains("| redirect-boundary | xctest | ❌ failed | 1/3 | 2.000 s | exited(1) |"))
        #expect(markdown.contains("| RedirectBoundaryTests.testDifferentPortRedirectStops | ❌ missing |"))
        #expect(markdown.contains("&lt;script&gt;"))
        #expect(!markdown.contains("<script>"))
        #expect(!markdown.contains("\u{1B}"))
        // Every table row has the same number of unescaped pipes as its header.
        let lines = markdown.split(separator: "\n").map(String.init)
        for (index, line) in lines.enumerated() where line.hasPrefix("|") && index > 0 && lines[index - 1].hasPrefix("|") {
            #expect(pipes(line) == pipes(lines[index - 1]), "\(line)")
        }
        #expect(!markdown.contains("\n\n\n"))
        #expect(!markdown.contains("gh" + "p_"))
    }

    /// The unescaped `|` in a line.
    private func pipes(_ line: String) -> Int {
        var count = 0
        var escaped = false
        for character in line {
            if character == "|" && !escaped { count += 1 }
            escaped = character == "\\" && !escaped
        }
        return count
    }

    @Test("the HTML page makes no outside requests and escapes hostile test names")
    func htmlSelfContained() throws {
        let html = String(decoding: try ReportRenderer().bytes(of: SampleReports.rejected(), as: .html), as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for forbidden in ["http://", "https://", "<script", "url(", "<link", "@import", "<img"] {
            #expect(!html.lowercased().contains(forbidden), "\(forbidden)")
        }
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&amp;amp;"))
        #expect(html.contains("<div class=\"banner verdict-rejected\">"))
        #expect(html.contains("logs/redirect-boundary.log"))
        #expect(html.contains(String(repeating: "1a", count: 32)))
        #expect(html.contains(SampleReports.fingerprint(0)))
        #expect(html.contains("RedirectBoundaryTests.testDifferentPortRedirectStops"))
        #expect(!html.contains("gh" + "p_"))
    }

    @Test("the aborted report renders without the parts it never reached")
    func abortedHTML() throws {
        let html = String(decoding: try ReportRenderer().bytes(of: SampleReports.aborted, as: .html), as: UTF8.self)
        #expect(html.contains("acceptance-gate: aborted"))
        #expect(!html.contains("Fixture lifecycle"))
        #expect(html.contains("Not run."))
        #expect(html.hasSuffix("</html>\n"))
    }
}

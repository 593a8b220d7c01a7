//===----------------------------------------------------------------------===//
// ReportRendererTests.swift: every format for every kind of report; Markdown and HTML checks.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import GateTestSupport
import Testing

@Suite("report rendering")
struct ReportRendererTests {
    @Test("every format renders every sample, and the files are named as design.md says")
    func allFormats() throws {
        for (label, report) in [
            ("accepted", SampleReports.accepted), ("rejected", SampleReports.rejected()), ("aborted", SampleReports.aborted),
        ] {
            let folder = try ScratchFolder("gatereport-" + label)
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

    @Test("the failed tests come before the stamp table, in Markdown and in HTML; an accepted report has none")
    func failedTestsFirst() throws {
        let report = SampleReports.rejected(failedTests: 3)
        let markdown = ReportRenderer().markdown(report)
        let failed = try #require(markdown.range(of: "### Failed tests"))
        let stamp = try #require(markdown.range(of: "| Stamp | Value |"))
        #expect(failed.upperBound < stamp.lowerBound)
        let section = String(markdown[failed.upperBound..<stamp.lowerBound])
        #expect(section.contains("| redirect-boundary | RedirectBoundaryTests.testFailure2 | XCTAssertEqual failed:"))
        #expect(section.contains("&lt;script&gt;"), "the hostile name is listed, escaped")
        #expect(!section.contains("testSkipped") && !section.contains("testPasses"), "only failures are listed")

        let html = String(decoding: try ReportRenderer().bytes(of: report, as: .html), as: UTF8.self)
        let heading = try #require(html.range(of: "<h2>Failed tests</h2>"))
        let stampHeading = try #require(html.range(of: "<h2>Stamp</h2>"))
        #expect(heading.upperBound < stampHeading.lowerBound)
        let top = String(html[heading.upperBound..<stampHeading.lowerBound])
        #expect(top.contains("RedirectBoundaryTests.<wbr>testFailure1"))
        #expect(!top.contains("<script"), "the hostile name stays escaped where <wbr> is inserted")

        let accepted = ReportRenderer().markdown(SampleReports.accepted)
        #expect(!accepted.contains("Failed tests"))
        let acceptedHTML = String(decoding: try ReportRenderer().bytes(of: SampleReports.accepted, as: .html), as: UTF8.self)
        #expect(!acceptedHTML.contains("Failed tests"))
    }

    @Test("test names never wrap inside a word: no break-anywhere rule reaches a test name, and wide tables scroll")
    func testNamesDoNotBreakMidWord() throws {
        let html = String(decoding: try ReportRenderer().bytes(of: SampleReports.rejected(failedTests: 2), as: .html), as: UTF8.self)
        #expect(!html.contains("overflow-wrap: anywhere"))
        #expect(html.contains(".test { word-break: normal; overflow-wrap: normal; }"))
        #expect(html.contains(".scroll { overflow-x: auto; }"))
        // Every cell that holds a test's name carries the class that undoes `.mono`'s break-all.
        let cells = html.components(separatedBy: "<tr><td class=\"mono").dropFirst()
        let nameCells = cells.filter { $0.contains("testFailure") || $0.contains("testSkipped") || $0.contains("testPasses") }
        #expect(nameCells.count >= 3)
        for cell in nameCells { #expect(cell.hasPrefix(" test\""), "\(cell.prefix(80))") }
        #expect(html.contains("<td class=\"mono test\">RedirectBoundaryTests.<wbr>testFailure1"))
    }
}

//===----------------------------------------------------------------------===//
// GitHubActionsTests.swift: annotations, escaping, the job summary, shielded output.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import Testing

@Suite("GitHub Actions")
struct GitHubActionsTests {
    @Test("only GITHUB_ACTIONS=true turns it on")
    func active() {
        #expect(GitHubActions.isActive(environment: ["GITHUB_ACTIONS": "true"]))
        #expect(!GitHubActions.isActive(environment: ["GITHUB_ACTIONS": "false"]))
        #expect(!GitHubActions.isActive(environment: [:]))
    }

    @Test("reasons first, then failed and missing tests, then findings with file and line")
    func order() {
        let lines = GitHubActions.annotations(for: SampleReports.rejected(findings: 1))
        #expect(lines.count == 5)
        #expect(lines[0] == "::error title=acceptance-gate%3A rejected::The suite redirect-boundary failed: 1 test(s) failed.")
        #expect(lines[2].hasPrefix("::error title=Test failed%3A redirect-boundary test\"quote'<script>"))
        #expect(lines[2].contains("::XCTAssertEqual failed: (\"302\") is not equal to (\"200\") <b>&</b>%0Aline two"))
        #expect(
            lines[3].hasPrefix("::error title=Test missing%3A redirect-boundary RedirectBoundaryTests.testDifferentPortRedirectStops::"))
        #expect(lines[4].hasPrefix("::error file=logs/redirect-boundary.log,line=10,col=5,title=Token-like string (github-token)::"))
        #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") })
        #expect(GitHubActions.annotations(for: SampleReports.accepted).isEmpty)
    }

    @Test("at most ten annotations, then one line saying how many more")
    func limit() throws {
        let lines = GitHubActions.annotations(for: SampleReports.rejected(findings: 12))
        // 2 reasons + 1 failed + 1 missing + 12 findings = 16.
        #expect(lines.count == 11)
        #expect(lines.prefix(10).allSatisfy { $0.hasPrefix("::error ") })
        #expect(lines.last == "::notice title=acceptance-gate::6 more problems are listed in the job summary")
    }

    @Test("data and property escaping as the runner expects")
    func escaping() {
        #expect(GitHubActions.escapeData("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b")
        #expect(GitHubActions.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        #expect(GitHubActions.command("warning", properties: [], message: "x") == "::warning::x")
    }

    @Test("the summary is appended, never replacing what other steps wrote")
    func appendSummary() throws {
        let folder = try ScratchFolder("summary")
        defer { folder.remove() }
        let path = folder.path + "/step_summary.md"
        try Data("earlier step\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try GitHubActions.appendSummary("## gate", environment: ["GITHUB_STEP_SUMMARY": path]))
        #expect(try GitHubActions.appendSummary("again\n", environment: ["GITHUB_STEP_SUMMARY": path]))
        #expect(try folder.read("step_summary.md") == "earlier step\n## gate\nagain\n")
        #expect(try !GitHubActions.appendSummary("x", environment: [:]))
        #expect(throws: GateReportError.writeFailed(path: folder.path + "/missing/s.md", code: ENOENT)) {
            try GitHubActions.appendSummary("x", environment: ["GITHUB_STEP_SUMMARY": folder.path + "/missing/s.md"])
        }
    }

    @Test("echoed child output is fenced by a random stop token it does not contain")
    func shielded() throws {
        let output = "::error::fake failure\n::add-mask::x"
        let wrapped = GitHubActions.shielded(output)
        let lines = wrapped.split(separator: "\n").map(String.init)
        let first = try #require(lines.first)
        #expect(first.hasPrefix("::stop-commands::"))
        let token = String(first.dropFirst("::stop-commands::".count))
        #expect(token.count == 32)
        #expect(lines.last == "::\(token)::")
        #expect(lines[1...2] == ["::error::fake failure", "::add-mask::x"])
        #expect(GitHubActions.randomToken() != GitHubActions.randomToken())
        // A token the output already contains is replaced.
        let sneaky = GitHubActions.shielded("::abc::\n", token: "abc")
        #expect(!sneaky.hasPrefix("::stop-commands::abc\n"))
    }
}

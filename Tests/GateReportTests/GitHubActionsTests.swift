//===----------------------------------------------------------------------===//
// GitHubActionsTests.swift: annotations, escaping, the job summary, shielded output.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import GateTestSupport
import Testing

@Suite("GitHub Actions")
struct GitHubActionsTests {
    @Test("only GITHUB_ACTIONS=true turns it on")
    func active() {
        #expect(GitHubActions.isActive(environment: ["GITHUB_ACTIONS": "true"]))
        #expect(!GitHubActions.isActive(environment: ["GITHUB_ACTIONS": "false"]))
        #expect(!GitHubActions.isActive(environment: [:]))
    }

    @Test("the run's problems first, then each failed test, then each leak pointing at its archived log")
    func order() {
        let lines = GitHubActions.annotations(for: SampleReports.rejected(findings: 1))
        #expect(lines.count == 4)
        #expect(lines[0] == "::error title=acceptance-gate%3A rejected::1 expected test did not run.")
        #expect(lines[1] == "::error title=acceptance-gate%3A rejected::suite 'lint': timed out after 1800 s")
        #expect(lines[2].hasPrefix("::error title=Test failed%3A redirect-boundary test\"quote'<script>"))
        #expect(lines[2].contains("::XCTAssertEqual failed: (\"302\") is not equal to (\"200\") <b>&</b>%0Aline two"))
        #expect(lines[3].hasPrefix("::error file=logs/redirect-boundary.log,line=10,title=Token-like string leaked::"))
        #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") })
        #expect(GitHubActions.annotations(for: SampleReports.accepted).isEmpty)
    }

    @Test("a failure line's location becomes file and line, relative to the repository root")
    func failureLocation() {
        var report = SampleReports.rejected(findings: 0)
        report.suites[0].tests[0].file = "/work/tree/Tests/AppTests/LoginTests.swift"
        report.suites[0].tests[0].line = 42
        report.suites[0].tests[0].module = "AppTests"
        let lines = GitHubActions.annotations(for: report, repositoryRoot: "/work/tree")
        let failed = lines.first { $0.contains("Test failed") }
        #expect(
            failed?.hasPrefix("::error file=Tests/AppTests/LoginTests.swift,line=42,title=Test failed%3A redirect-boundary AppTests.")
                == true)
        #expect(GitHubActions.relative("/elsewhere/X.swift", to: "/work/tree") == "/elsewhere/X.swift")
    }

    @Test("at most ten annotations, then one line saying how many more")
    func limit() throws {
        let lines = GitHubActions.annotations(for: SampleReports.rejected(findings: 1, failedTests: 12))
        // 2 problems (missing test, timeout) + 12 failed tests + 1 leak = 15.
        #expect(lines.count == 11)
        #expect(lines.prefix(10).allSatisfy { $0.hasPrefix("::error ") })
        #expect(lines.last == "::notice title=acceptance-gate::5 more problems are listed in the job summary")
    }

    @Test("a summary over GitHub's limit is cut at a line and says so")
    func summaryLimit() {
        let long = String(repeating: "| a passing test | ✅ passed | 0.001 s | |\n", count: 20_000)
        let fitted = GitHubActions.fitted(long)
        #expect(fitted.utf8.count <= GitHubActions.summaryLimit)
        #expect(fitted.contains("The summary was shortened"))
        #expect(GitHubActions.fitted("short\n") == "short\n")
    }

    @Test("data and property escaping as the runner expects")
    func escaping() {
        #expect(GitHubActions.escapeData("100% done\r\nnext: a,b") == "100%25 done%0D%0Anext: a,b")
        #expect(GitHubActions.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
        #expect(GitHubActions.command("warning", properties: [], message: "x") == "::warning::x")
    }

    @Test("the summary is appended, never replacing what other steps wrote")
    func appendSummary() throws {
        let folder = try ScratchFolder("gatereport-summary")
        defer { folder.remove() }
        let path = folder.path + "/step_summary.md"
        try Data("earlier step\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try GitHubActions.appendSummary("## gate", environment: ["GITHUB_STEP_SUMMARY": path]))
        #expect(try GitHubActions.appendSummary("again\n", environment: ["GITHUB_STEP_SUMMARY": path]))
        #expect(folder.text("step_summary.md") == "earlier step\n## gate\nagain\n")
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

    @Test("the job summary's verdict links to the run's artifacts, and a line names the report folder")
    func jobSummaryLinksTheFolder() {
        let environment = [
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "shop/app", "GITHUB_RUN_ID": "9876",
        ]
        let url = "https://github.com/shop/app/actions/runs/9876#artifacts"
        #expect(GitHubActions.artifactsURL(environment: environment) == url)
        let markdown = "## ❌ acceptance-gate: rejected — test A.b failed\n\nExit code 1.\n"
        let summary = GitHubActions.jobSummary(markdown, reportFolder: "/w/.acceptance-gate", environment: environment)
        let lines = summary.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "## ❌ [acceptance-gate: rejected](\(url)) — test A.b failed")
        #expect(lines.dropFirst().first == "")
        #expect(lines.dropFirst(2).first == "Report folder: /w/.acceptance-gate ([this run's artifacts](\(url)))")
        #expect(summary.hasSuffix("\n\nExit code 1.\n"))

        // Outside a workflow run there is nothing to link to: the folder is named, the heading kept.
        let local = GitHubActions.jobSummary(markdown, reportFolder: "out", environment: [:])
        #expect(local.hasPrefix("## ❌ acceptance-gate: rejected — test A.b failed\n\nReport folder: out\n"))
        #expect(GitHubActions.jobSummary(markdown, reportFolder: nil, environment: [:]) == markdown)
        // A template without the verdict heading gets the line at its top.
        #expect(GitHubActions.jobSummary("Custom\n", reportFolder: "out", environment: [:]) == "Report folder: out\n\nCustom\n")
        // Values that are not what the runner sets give no link.
        #expect(GitHubActions.artifactsURL(environment: environment.merging(["GITHUB_RUN_ID": "1)(x"]) { $1 }) == nil)
        #expect(GitHubActions.artifactsURL(environment: environment.merging(["GITHUB_RUN_ID": "١٢"]) { $1 }) == nil)
        #expect(GitHubActions.artifactsURL(environment: environment.merging(["GITHUB_SERVER_URL": "javascript:x"]) { $1 }) == nil)
    }
}

//===----------------------------------------------------------------------===//
// SampleReports.swift: reports the tests render, from complete to nearly empty.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport

@testable import GitStamp
@testable import ToolchainStamp

/// Reports for the tests: an accepted run, a rejected one with hostile names, an aborted one.
enum SampleReports {
    /// A name that tries every trick: quotes, markup, entities, ANSI colour, control characters,
    /// U+FFFE, a table pipe, backticks, emoji.
    static let nastyName = "test\"quote'<script>alert(1)</script>&amp;\u{1B}[31mred\u{1B}[0m\u{01}\u{0B}|`x`\u{FFFE}🚀"

    /// A fingerprint-shaped value built at test time (never a real token).
    static func fingerprint(_ seed: UInt8) -> String {
        "hmac-sha256:" + (0..<16).map { String(format: "%02x", (Int(seed) * 37 + $0 * 11) % 256) }.joined()
    }

    /// A 40-hex commit ID built at test time.
    static let commitID = String(repeating: "ab12", count: 10)

    static let commit = CommitStamp(
        id: commitID, branch: "main", detached: false, dirty: true, changedPaths: ["b.swift", "a.swift"], shallow: false,
        workTree: "/work/tree", ciCommit: CICommit(id: commitID, variable: "GITHUB_SHA"))

    static let toolchain = ToolchainStamp(
        swiftVersion: "6.3.1", raw: "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu",
        target: "x86_64-unknown-linux-gnu", os: "Debian GNU/Linux 12 (bookworm)", xcode: nil, gateVersion: "0.1.0")

    /// Everything passed.
    static var accepted: GateReport {
        var report = GateReport(
            gateVersion: "0.1.0", verdict: .accepted, reasons: [],
            startedAt: ReportTimestamp.string(secondsSince1970: 1_735_689_600),
            finishedAt: ReportTimestamp.string(secondsSince1970: 1_735_689_642.5), commit: commit, toolchain: toolchain,
            config: ReportConfig(path: ReportConfig.embeddedDefault, sha256: String(repeating: "0f", count: 32), json: "{}"),
            fixture: ReportFixture(
                command: ["acceptance-gate", "fixture", "--ports", "8765,8766"], pid: 4242,
                ports: ReportPorts(origin: 8765, foreign: 8766), readySeconds: 0.0421,
                stop: ReportFixtureStop(how: .terminated, seconds: 0.0123),
                exit: ReportFixtureExit(code: 0, signal: nil, verified: true, leftovers: [], portsReleased: true),
                ledger: ReportLedger(
                    origin: ReportListenerLedger(
                        port: 8765, requests: 3, paths: ["/same", "/target", "/start"], headerNames: ["Host", "X-Test-Token"]),
                    foreign: ReportListenerLedger(port: 8766, requests: 0, paths: [], headerNames: []))),
            suites: [
                ReportSuite(
                    name: "redirect-boundary", kind: .xctest,
                    command: ["swift", "test", "--filter", "RedirectBoundaryTests"], status: .passed,
                    exit: ReportExit(code: 0, signal: nil), durationSeconds: 12.3456, log: "logs/redirect-boundary.log",
                    tests: [
                        ReportTest(name: "RedirectBoundaryTests.testSameOriginRedirectSucceeds", status: .passed, durationSeconds: 0.012),
                        ReportTest(name: "RedirectBoundaryTests.testDifferentPortRedirectStops", status: .passed, durationSeconds: 0.3),
                    ]),
                ReportSuite(name: "frames", kind: .frames, status: .passed, durationSeconds: 1.5, log: "logs/frames.log"),
                ReportSuite(
                    name: "lint", kind: .command, command: ["swift", "format", "lint", "-r", "Sources"], status: .passed,
                    exit: ReportExit(code: 0, signal: nil), durationSeconds: 3, log: "logs/lint.log"),
            ],
            frames: ReportFrames(
                points: [
                    ReportFramePoint(name: "valid frames return their bytes", passed: true, detail: "120 cases"),
                    ReportFramePoint(name: "truncated prefixes fail", passed: true, detail: "300 cases"),
                ], cases: 420),
            scan: ReportScan(filesScanned: 7, findings: [], suppressed: 2),
            logs: [
                ReportLog(path: "logs/redirect-boundary.log", size: 2048, sha256: String(repeating: "1a", count: 32)),
                ReportLog(path: "logs/frames.log", size: 512, sha256: String(repeating: "2b", count: 32)),
            ],
            stages: [
                ReportStage(name: "stamp", status: .passed, durationSeconds: 0.05),
                ReportStage(name: "suites", status: .passed, durationSeconds: 16.8, detail: "3 suites"),
            ],
            signature: ReportSignature(signed: true, keyid: String(repeating: "c3", count: 32), envelope: "report.dsse.json"))
        report.settle([])
        return report
    }

    /// A rejection with failed tests, a missing test, a timed-out suite and findings.
    static func rejected(findings: Int = 2, failedTests: Int = 1) -> GateReport {
        var report = accepted
        var tests = (0..<failedTests).map { index in
            ReportTest(
                name: index == 0 ? nastyName : "RedirectBoundaryTests.testFailure\(index)", status: .failed,
                durationSeconds: 0.25,
                message: "XCTAssertEqual failed: (\"302\") is not equal to (\"200\") <b>&</b>\n\u{1B}[1mline two\u{1B}[0m")
        }
        tests.append(ReportTest(name: "RedirectBoundaryTests.testSkipped", status: .skipped, durationSeconds: 0, message: "not on Linux"))
        tests.append(ReportTest(name: "RedirectBoundaryTests.testPasses", status: .passed, durationSeconds: 0.001))
        report.suites[0] = ReportSuite(
            name: "redirect-boundary", kind: .xctest, command: ["swift", "test"], status: .failed,
            exit: ReportExit(code: 1, signal: nil), durationSeconds: 2, log: "logs/redirect-boundary.log", tests: tests,
            missingTests: ["RedirectBoundaryTests.testDifferentPortRedirectStops"],
            reasons: ["1 expected test did not run."])
        report.suites[2] = ReportSuite(
            name: "lint", kind: .command, command: ["swift", "format"], status: .timedOut, exit: ReportExit(code: nil, signal: 9),
            durationSeconds: 1800, log: "logs/lint.log", reasons: ["timed out after 1800 s"])
        report.scan = ReportScan(
            filesScanned: 7,
            findings: (0..<findings).map { index in
                ReportFinding(
                    file: "logs/redirect-boundary.log", line: 10 + index, column: 5, endLine: 10 + index, endColumn: 45,
                    rule: "github-token", fingerprint: fingerprint(UInt8(index % 200)), preview: "gh" + "p_abcdef",
                    confidence: "high")
            }, suppressed: 1)
        report.stages[1] = ReportStage(name: "suites", status: .failed, durationSeconds: 1802, detail: "2 of 3 suites failed")
        report.signature = ReportSignature(signed: false)
        var problems = [
            ReportProblem(
                .testFailed, subject: .test(nastyName, suite: "redirect-boundary"),
                "The suite redirect-boundary failed: \(failedTests) test(s) failed.")
        ]
        problems += (1..<max(1, failedTests)).map { index in
            ReportProblem(
                .testFailed, subject: .test("RedirectBoundaryTests.testFailure\(index)", suite: "redirect-boundary"),
                "test RedirectBoundaryTests.testFailure\(index) failed")
        }
        problems.append(
            ReportProblem(
                .testMissing, subject: .test("RedirectBoundaryTests.testDifferentPortRedirectStops", suite: "redirect-boundary"),
                "1 expected test did not run."))
        problems.append(ReportProblem(.suiteTimedOut, subject: .suite("lint"), "suite 'lint': timed out after 1800 s"))
        if findings > 0 {
            problems.append(
                ReportProblem(
                    .leak, subject: .file("logs/redirect-boundary.log", line: 10), "The token scan found \(findings) token-like string(s).")
            )
        }
        report.settle(problems)
        return report
    }

    /// An interrupted run that reached nothing but the stamp.
    static var aborted: GateReport {
        var report = GateReport(
            gateVersion: "0.1.0", verdict: .aborted, stages: [ReportStage(name: "stamp", status: .aborted, durationSeconds: 0.001)])
        report.settle([ReportProblem(.interrupted, subject: .run, "Interrupted by SIGINT during the suites stage.", signal: 2)])
        return report
    }
}

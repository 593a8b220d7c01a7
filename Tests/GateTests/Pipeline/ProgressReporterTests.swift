// ProgressReporterTests.swift
//
// What people and CI logs see: colour and live lines only on a terminal outside CI, never with
// NO_COLOR; --quiet keeps the verdict and annotations only.

import Gate
import GateCore
import Testing

@Suite("ProgressReporter")
struct ProgressReporterTests {
    private func capture(_ style: ProgressStyle, _ body: (ProgressReporter) -> Void) -> String {
        let text = Locked("")
        body(ProgressReporter(style: style) { piece in text.withLock { $0 += piece } })
        return text.withLock { $0 }
    }

    @Test func styleFollowsTheTerminalCIAndNoColor() {
        #expect(
            ProgressStyle.detect(isTerminal: true, environment: [:], quiet: false, verbose: false)
                == ProgressStyle(colour: true, live: true))
        #expect(ProgressStyle.detect(isTerminal: false, environment: [:], quiet: false, verbose: false) == ProgressStyle())
        #expect(ProgressStyle.detect(isTerminal: true, environment: ["NO_COLOR": ""], quiet: false, verbose: false).colour == false)
        for variable in ["CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD", "JENKINS_URL"] {
            let style = ProgressStyle.detect(isTerminal: true, environment: [variable: "true"], quiet: false, verbose: false)
            #expect(style == ProgressStyle(), "\(variable)")
        }
        #expect(ProgressStyle.isContinuousIntegration(["CI": "false"]) == false)
        #expect(ProgressStyle.isContinuousIntegration(["JENKINS_URL": "https://ci.example.invalid/"]))
    }

    @Test func aCILogGetsPlainLinesWithoutEscapes() {
        let text = capture(ProgressStyle()) { progress in
            progress.stage("suite frames", passed: true, seconds: 3.341, detail: "4 passed")
            progress.live("frames: 3 test(s) done")
            progress.stage("scan", passed: false, seconds: 0.004, detail: "1 finding(s)")
            progress.verdict("rejected: a leak", accepted: false)
        }
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\r"))
        #expect(text.hasPrefix("✓ suite frames               3.34s  4 passed\n"))
        #expect(text.contains("✗ scan                       0.00s  1 finding(s)\n"))
        #expect(text.hasSuffix("rejected: a leak\n"))
        #expect(!text.contains("test(s) done"), "no plain count before the interval")
    }

    @Test func aTerminalGetsColourAndALiveLineThatIsClearedBeforeTheNextStage() {
        let text = capture(ProgressStyle(colour: true, live: true)) { progress in
            progress.live("boundary: 2 test(s) done")
            progress.stage("suite boundary", passed: true, seconds: 1, detail: "4 passed")
        }
        #expect(text.hasPrefix("\r\u{1B}[2K  boundary: 2 test(s) done\r\u{1B}[2K"))
        #expect(text.contains("\u{1B}[32m✓\u{1B}[0m suite boundary"))
    }

    @Test func quietKeepsOnlyTheVerdictAndAnnotations() {
        let text = capture(ProgressStyle(quiet: true)) { progress in
            progress.line("acceptance-gate 0.1.0")
            progress.stage("stamp", passed: true, seconds: 0.1, detail: "commit")
            progress.note("a note", important: true)
            progress.annotation("::error title=acceptance-gate::rejected")
            progress.verdict("rejected: x", accepted: false)
        }
        #expect(text == "::error title=acceptance-gate::rejected\nrejected: x\n")
    }

    @Test func secondsAreShortAndLocaleFree() {
        #expect(ProgressReporter.seconds(0.004) == "0.00s")
        #expect(ProgressReporter.seconds(3.341) == "3.34s")
        #expect(ProgressReporter.seconds(12.34) == "12.3s")
        #expect(ProgressReporter.seconds(125) == "2m05s")
        #expect(ProgressReporter.seconds(-1) == "0.00s")
        #expect(ProgressReporter.seconds(.nan) == "0.00s")
    }
}

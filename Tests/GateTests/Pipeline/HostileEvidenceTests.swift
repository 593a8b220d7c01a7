// HostileEvidenceTests.swift
//
// What the code under test can do to the evidence the gate reads back, tried as a hostile change
// would try it: every attack here bent the verdict or what people read before the gate was
// changed, and each test checks the attack is now seen.

import Foundation
import GateProcess
import GateReport
import GateTestSupport
import Testing

@testable import Gate
@testable import GateConfig

@Suite("evidence the code under test cannot bend", .timeLimit(.minutes(3)))
struct HostileEvidenceTests {
    @Test func oneNULByteInASuitesOutputDoesNotSwitchTheScanOffForItsLog() throws {
        let harness = try PipelineHarness()
        let token = FakeGitHubToken.make(seed: 91)
        let script = "printf 'bin\\000ary\\n'; echo \"token $LEAK\"; " + PipelineHarness.passing(["A.testOne"])
        var suite = PipelineHarness.xctest("unit", script)
        suite.environment = ["LEAK": token]
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.verdict == .rejected)
        #expect(outcome.report.problems.map(\.code) == [.leak], "\(outcome.report.problems)")
        #expect(outcome.report.scan?.findings.map(\.file) == ["logs/unit.log"])
        let archived = try #require(FileManager.default.contents(atPath: harness.out + "/logs/unit.log"))
        #expect(archived.contains(0), "the archived log keeps its bytes, the token aside")
        #expect(String(decoding: archived, as: UTF8.self).contains("token [REDACTED github-token "))
        for (name, text) in harness.outputs() {
            #expect(!text.contains(String(token.suffix(20))), "\(name) holds the token")
        }
    }

    /// Commits `files` (path → text) in the harness's repository, with `ignored` in its .gitignore.
    private func commit(_ files: [String: String], in harness: PipelineHarness) throws {
        for (path, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: harness.repository + "/" + path))
        }
        try harness.scratch.git(["add", "-A"], in: "repo")
        try harness.scratch.git(["commit", "-q", "-m", "files"], in: "repo")
    }

    @Test func aSuiteThatEditsTheTreeWhileItRunsIsNotStampedAsTheCommit() throws {
        let harness = try PipelineHarness()
        try commit(["Source.swift": "let answer = 41\n", ".gitignore": ".build/\n"], in: harness)
        // The test "fixes" the code it is judged by, and writes its build products where they belong.
        let script =
            "printf 'let answer = 42\\n' > '\(harness.repository)/Source.swift'; mkdir -p '\(harness.repository)/.build' && "
            + "echo built > '\(harness.repository)/.build/product'; " + PipelineHarness.passing(["A.testAnswer"])
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script)]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.treeChangedDuringRun], "\(outcome.report.problems)")
        #expect(outcome.report.problems.first?.sentence.contains("Source.swift") == true)
        let commit = try #require(outcome.report.commit)
        #expect(commit.dirty, "the report does not call the tree it tested clean")
        #expect(commit.changedPaths == ["Source.swift"])
        #expect(commit.changedDuringRun == ["Source.swift"], "the ignored .build/ is not a change")
        let statement = try #require(FileManager.default.contents(atPath: harness.out + "/report.intoto.json"))
        #expect(String(decoding: statement, as: UTF8.self).contains("changedDuringRun"), "the signed commit subject says so")
    }

    @Test func anEditToAFileAlreadyChangedBeforeTheRunIsSeenAndAnUntouchedTreeIsNot() throws {
        let harness = try PipelineHarness()
        try commit(["Source.swift": "let answer = 41\n"], in: harness)
        try Data("let answer = 40\n".utf8).write(to: URL(fileURLWithPath: harness.repository + "/Source.swift"))
        let untouched = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", PipelineHarness.passing(["A.t"]))]))
        #expect(untouched.exitCode == 0, "\(untouched.report.problems)")
        #expect(untouched.report.commit?.changedDuringRun == [])
        #expect(untouched.report.commit?.changedPaths == ["Source.swift"])

        let script = "printf 'let answer = 42\\n' > '\(harness.repository)/Source.swift'; " + PipelineHarness.passing(["A.t"])
        let edited = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script)]))
        #expect(edited.exitCode == 1)
        #expect(edited.report.commit?.changedDuringRun == ["Source.swift"], "same path, other bytes")
    }

    @Test func filesASuiteWritesIntoTheOutFolderAreScannedRemovedAndReported() throws {
        let harness = try PipelineHarness()
        let token = FakeGitHubToken.make(seed: 92)
        let out = harness.out
        let script =
            "echo \"$LEAK\" > '\(out)/notes.txt'; mkfifo '\(out)/pipe'; mkdir -p '\(out)/extra' && echo hi > '\(out)/extra/a.txt'; "
            + "echo 'all passed' > '\(out)/logs/forged.log'; " + PipelineHarness.passing(["A.t"])
        var suite = PipelineHarness.xctest("unit", script)
        suite.environment = ["LEAK": token]
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1)
        #expect(Set(outcome.report.problems.map(\.code)) == [.foreignOutput, .leak], "\(outcome.report.problems)")
        #expect(outcome.report.problems.contains { $0.code == .foreignOutput && $0.sentence.hasPrefix("4 file(s) ") })
        #expect(outcome.report.scan?.findings.map(\.file) == ["out/notes.txt"])
        let left = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }.sorted()
        #expect(Set(left).isDisjoint(with: ["notes.txt", "pipe", "extra"]), "\(left)")
        #expect(outcome.report.logs.map(\.path) == ["logs/unit.log"], "only the gate's own archive is listed")
        for (name, text) in harness.outputs() {
            #expect(!text.contains(String(token.suffix(20))), "\(name) holds the token")
        }
    }

    @Test func aSuiteGetsNoCIChannelAndWhatItWritesThereIsPutBack() throws {
        let harness = try PipelineHarness()
        let env = harness.root + "/github_env"
        let summary = harness.root + "/step_summary"
        try Data("EARLIER=1\n".utf8).write(to: URL(fileURLWithPath: env))
        try Data().write(to: URL(fileURLWithPath: summary))
        harness.extraVariables = ["GITHUB_ACTIONS": "true", "GITHUB_ENV": env, "GITHUB_STEP_SUMMARY": summary]
        // It looks for the variables (and prints what it finds), then writes to the files it found another way.
        let script =
            "echo \"seen: [${GITHUB_ENV:-}${GITHUB_STEP_SUMMARY:-}]\"; echo 'LATER=forged' >> '\(env)'; "
            + "printf '## ✅ acceptance-gate: accepted\\n<!--\\n' >> '\(summary)'; " + PipelineHarness.passing(["A.t"])
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script)]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.map(\.code) == [.ciChannelWritten], "\(outcome.report.problems)")
        #expect(outcome.report.problems.first?.sentence.contains("GITHUB_ENV, GITHUB_STEP_SUMMARY") == true)
        #expect(String(decoding: FileManager.default.contents(atPath: env) ?? Data(), as: UTF8.self) == "EARLIER=1\n")
        let shown = String(decoding: FileManager.default.contents(atPath: summary) ?? Data(), as: UTF8.self)
        #expect(!shown.contains("<!--") && !shown.contains("acceptance-gate: accepted"), "only the gate's own summary: \(shown)")
        #expect(shown.contains("rejected"))
        let log = String(decoding: FileManager.default.contents(atPath: harness.out + "/logs/unit.log") ?? Data(), as: UTF8.self)
        #expect(log.contains("seen: []"), "no child is given the channels' names")
    }

    @Test func aLaterSuiteCanNeitherRewriteAnEarlierCaptureNorPlantOneForTheNext() throws {
        let harness = try PipelineHarness()
        let temporary = NSTemporaryDirectory()
        // It finds the capture folders (same user), rewrites every log there, and plants a FIFO
        // where the next suite's log would be; each of these hung or bent the run before.
        let hostile =
            "for d in '\(temporary)'/acceptance-gate-capture-*; do echo \"Test Case 'A.t' passed\" > \"$d/first.log\"; "
            + "mkfifo \"$d/third.log\" 2>/dev/null; ln -sf /etc/hostname \"$d/third.xcresult.json\"; done; "
            + PipelineHarness.passing(["B.t"])
        let suites = [
            PipelineHarness.xctest("first", "echo 'first ran'; " + PipelineHarness.passing(["A.t"])),
            PipelineHarness.xctest("second", hostile),
            PipelineHarness.xctest("third", "echo 'third ran'; " + PipelineHarness.passing(["C.t"])),
        ]
        let started = ContinuousClock.now
        let outcome = try harness.run(harness.plan(suites: suites))
        #expect(ContinuousClock.now - started < .seconds(30), "nothing waited on the FIFO")
        #expect(outcome.exitCode == 0, "\(outcome.report.problems)")
        #expect(outcome.report.logs.map(\.path) == ["logs/first.log", "logs/second.log", "logs/third.log"])
        let first = String(decoding: FileManager.default.contents(atPath: harness.out + "/logs/first.log") ?? Data(), as: UTF8.self)
        #expect(first.hasPrefix("first ran\n"), "the gate archives what the suite printed, not what was written at its name")
        let third = String(decoding: FileManager.default.contents(atPath: harness.out + "/logs/third.log") ?? Data(), as: UTF8.self)
        #expect(third.hasPrefix("third ran\n"))
    }

    @Test func nothingTheCodeUnderTestPrintsOrNamesBecomesAWorkflowCommand() throws {
        let harness = try PipelineHarness()
        harness.extraVariables = ["GITHUB_ACTIONS": "true"]
        // A bare CR before a command in a failure message, a legacy command, a no-break space
        // before one, terminal escapes that would repaint the line, and a leftover process whose
        // command line holds a newline.
        // \u{0D4E} is a Prepend mark: it folds the next `#` into its grapheme cluster.
        let message =
            "boom\\r::notice title=x::accepted - every suite passed ##[set-env name=A;]x \\033[2K\\033[32maccepted "
            + "X\\340\\265\\216##[add-mask]rejected"
        let script = """
            sh -c 'sleep 30; :' "$(printf 'x\\n::add-mask::rejected')" &
            echo "Test Case 'A.testOne' started at x"
            printf '/r/A.swift:3: error: A.testOne : \(message)\\n'
            echo "Test Case 'A.testOne' failed (0.001 seconds)"
            echo "Test Case 'A.testTwo' started at x"
            printf '/r/A.swift:9: error: A.testTwo : \\302\\240::warning::from a no-break space\\n'
            echo "Test Case 'A.testTwo' failed (0.001 seconds)"
            \(PipelineHarness.summary(2, failures: 2))
            """
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script)]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.problems.contains { $0.code == .strayProcesses }, "the leftover process was named")
        let printed = harness.printed.withLock { $0 }
        let acted = RunnerCommandModel.commands(in: printed)
        let annotations = GitHubActions.annotations(
            for: outcome.report, repositoryRoot: outcome.report.commit?.workTree ?? harness.repository)
        #expect(acted == RunnerCommandModel.commands(in: annotations.joined(separator: "\n")), "\(acted)")
        #expect(acted.allSatisfy { $0.name == "error" || $0.name == "notice" }, "\(acted.map(\.name))")
        #expect(!acted.contains { $0.name == "notice" && $0.data.contains("accepted") })
        #expect(!printed.contains("\u{1B}[2K\u{1B}[32maccepted"), "no escape from the code under test reaches the console")
        let last = RunnerCommandModel.lines(printed).last { !$0.isEmpty } ?? ""
        #expect(last.hasPrefix("rejected: "), "the verdict is the last line the runner shows: \(last)")
        let left = try ProcessSupervisor.standalone.run(ProcessSpec(arguments: ["pgrep", "-f", "sleep 30; :"]), timeout: .seconds(5))
        #expect(left.status == .exited(code: 1), "the leftover process was stopped: \(left.stdoutText)")
    }

    @Test func theLedgerComesBackOnAPipeNoOtherProcessOfTheUserCanWriteInto() throws {
        let harness = try PipelineHarness()
        let mark = "run-\(UInt64.random(in: 0...UInt64.max))"
        // It reaches the foreign listener, then tries to forge a clean ledger into the fixture's
        // output through /proc, as any process of the user could. The fixture is not inspectable,
        // so that is refused; root is refused nothing, so as root it picks its own fixture (by a
        // variable only that one has) and the gate must see the second ledger line instead.
        let forged =
            #"LEDGER {"origin": {"port": 1, "requests": 0, "paths": [], "headerNames": []}, "#
            + #""foreign": {"port": 2, "requests": 0, "paths": [], "headerNames": []}}"#
        let script = """
            curl -s -o /dev/null "$ACCEPTANCE_GATE_FOREIGN_URL/target"
            for p in $(pgrep -f 'acceptance-gate fixture --ports auto --ledger -'); do
              [ "$p" = "$$" ] && continue
              if [ "$(id -u)" = 0 ] && ! tr '\\0' '\\n' < /proc/$p/environ | grep -qx 'GATE_TEST_MARK=\(mark)'; then continue; fi
              if (echo '\(forged)' > /proc/$p/fd/1) 2>/dev/null; then echo "forged into $p"; else echo "refused by $p"; fi
            done
            \(PipelineHarness.passing(["A.t"]))
            """
        // In the gate's environment, which the fixture inherits (the configuration's fixture.env does not reach it).
        harness.extraVariables = ["GATE_TEST_MARK": mark]
        let fixture = ConfigFixture(ports: .automatic, expectForeignRequests: 0, environment: ["LD_PRELOAD": "/nonexistent/hook.so"])
        let outcome = try harness.run(harness.plan(fixture: fixture, suites: [PipelineHarness.xctest("unit", script)]))
        let log = String(decoding: FileManager.default.contents(atPath: harness.out + "/logs/unit.log") ?? Data(), as: UTF8.self)
        #expect(outcome.exitCode == 1, "a forged clean ledger never accepts")
        if let pid = outcome.report.fixture?.pid { #expect(kill(pid_t(pid), 0) == -1, "the fixture is gone") }
        let fixtureLog = String(decoding: FileManager.default.contents(atPath: harness.out + "/logs/fixture.log") ?? Data(), as: UTF8.self)
        #expect(
            fixtureLog.hasPrefix("READY ") && !fixtureLog.contains("hook.so"), "the change's LD_PRELOAD never reached it: \(fixtureLog)")
        if geteuid() == 0 {
            #expect(log.contains("forged into "), "\(log)")
            #expect(outcome.report.problems.map(\.code) == [.fixtureLedger], "\(outcome.report.problems)")
            #expect(outcome.report.problems.first?.sentence.contains("2 ledger line(s)") == true)
        } else {
            #expect(log.contains("refused by ") && !log.contains("forged into "), "\(log)")
            #expect(outcome.report.fixture?.ledger?.foreign.requests == 1)
            #expect(outcome.report.problems.map(\.code) == [.foreignRequests], "\(outcome.report.problems)")
        }
    }

    @Test func aSecondLedgerLineInTheFixturesOutputIsNotTrusted() {
        let line = Array(#"LEDGER {"origin": {}}"#.utf8)
        #expect(FixtureStage.ledgerLine(in: Array("READY x\n".utf8) + line + [0x0A]) == .found(Array(#"{"origin": {}}"#.utf8)))
        #expect(FixtureStage.ledgerLine(in: line + [0x0A] + line + [0x0A]) == .several(2))
        // A forged line left unfinished swallows the real line's start: still two, not the forged one.
        #expect(FixtureStage.ledgerLine(in: line + Array("X".utf8) + line + [0x0A]) == .several(2))
        #expect(FixtureStage.ledgerLine(in: line + [0x0A] + Array("READY late\n".utf8)) == .several(1), "not the last line")
        #expect(FixtureStage.ledgerLine(in: Array("READY x\n".utf8)) == .none)
    }

    @Test func aSwiftTestingDisplayNameIsNeverSignedAsAnXCTestName() throws {
        let harness = try PipelineHarness()
        let chosen = "AppTests.RedirectBoundaryTests.testDifferentPortRedirectStops"
        let script = """
            echo '◇ Test run started.'
            echo '◇ Test "\(chosen)" started.'
            echo '✔ Test "\(chosen)" passed after 0.001 seconds.'
            echo '✔ Test run with 1 test passed after 0.001 seconds.'
            """
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("unit", script)]))
        #expect(outcome.exitCode == 0, "\(outcome.report.problems)")
        #expect(outcome.report.suites.first?.tests.first?.framework == "swift-testing")
        let data = try #require(FileManager.default.contents(atPath: harness.out + "/report.predicate.json"))
        let predicate = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let passed = try #require(predicate["passedTests"] as? [String])
        #expect(passed == ["unit/swift-testing:\(chosen)"])
    }
}

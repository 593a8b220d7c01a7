//===----------------------------------------------------------------------===//
// SuiteStage.swift: run one xctest or command suite in its own process group and judge it.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateReport
import GateSync
import XCTestOutput

/// Runs xctest and command suites.
enum SuiteStage {
    /// Runs `plan` with its output drained into `logPath`, stops it at its timeout (and whatever it
    /// left behind when it exits), parses its test lines, and judges it.
    /// - Parameters:
    ///   - plan: the suite.
    ///   - logPath: its log file; `relativeLog` is how the report names it.
    ///   - variables: the environment (the fixture's URLs included).
    ///   - workingDirectory: where it runs unless the plan says otherwise.
    ///   - environment: progress and the interruption monitor.
    static func run(
        _ plan: SuitePlan, logPath: String, relativeLog: String, variables: [String: String], workingDirectory: String,
        environment: RunEnvironment
    ) -> ReportSuite {
        let started = ContinuousClock.now
        func failed(_ reason: String) -> ReportSuite {
            ReportSuite(
                name: plan.name, kind: reportKind(plan), command: plan.arguments, status: .error,
                durationSeconds: ReportDuration.rounded((.now - started).inSeconds), log: relativeLog, reasons: [reason])
        }
        let log: LogFile
        do {
            log = try LogFile(path: logPath)
        } catch {
            return failed("its log could not be created: \(error.description)")
        }
        defer { log.close() }
        let parser = Locked(XCTestLogParser())
        let counts = Locked((done: 0, failed: 0))
        let progress = environment.progress
        let name = plan.name
        let parses = plan.kind == .xctest
        let handler: @Sendable ([UInt8]) -> Void = { bytes in
            guard parses else { return }
            let text = String(decoding: bytes, as: UTF8.self)
            let events = parser.withLock { $0.consumeAll(line: Substring(text)) }
            for event in events {
                guard case .finished(let result) = event else { continue }
                let now = counts.withLock { counts in
                    counts.done += 1
                    if result.status == .failed { counts.failed += 1 }
                    return counts
                }
                progress.live("\(name): \(now.done) test(s) done" + (now.failed > 0 ? ", \(now.failed) failed" : ""))
                if result.status == .failed {
                    progress.note("✗ \(result.name)", important: true)
                } else {
                    progress.note("\(result.status == .passed ? "✓" : "-") \(result.name)")
                }
            }
        }
        let spec = ProcessSpec(
            arguments: plan.arguments, environment: variables, workingDirectory: plan.workingDirectory ?? workingDirectory,
            stdin: .null, stdout: .log(to: log, lines: handler), stderr: .log(to: log, lines: handler))
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(spec)
        } catch {
            log.writeLine("[acceptance-gate] could not start: \(error.description)")
            return failed("it could not start: \(error.description)")
        }
        environment.monitor?.track(child)
        let status = try? child.wait(until: started + plan.timeout)
        var reasons: [String] = []
        var timedOut = false
        var finalStatus = status
        if status == nil {
            timedOut = true
            let teardown = child.terminate(grace: .seconds(5), reason: .deadline)
            finalStatus = try? child.wait(timeout: .seconds(2))
            reasons.append(
                "it ran past its timeout of \(ProgressReporter.seconds(plan.timeout.inSeconds)) and was stopped"
                    + (teardown.map { " (\($0.description))" } ?? ""))
        } else if !child.isGroupEmpty() {
            let teardown = child.terminate(grace: .seconds(2), reason: .strayProcesses)
            let names = teardown.map { ($0.killed.isEmpty ? "" : ": " + $0.killed.map(\.description).joined(separator: ", ")) } ?? ""
            reasons.append("it left processes running after it exited, which were stopped\(names)")
        }
        _ = child.finishOutput(within: .seconds(2))
        environment.monitor?.untrack(child)
        let duration = (.now - started).inSeconds
        log.writeLine(
            "[acceptance-gate] \(plan.name) \(finalStatus.map(\.description) ?? "did not exit") after \(ProgressReporter.seconds(duration))"
        )

        var tests: [ReportTest] = []
        var missing: [String] = []
        if parses {
            let results = parser.withLock { $0.finish() }
            tests = results.map { result in
                ReportTest(
                    name: result.name, status: reportStatus(result.status),
                    durationSeconds: ReportDuration.rounded(result.durationSeconds ?? 0), message: result.message)
            }
            reasons += judge(tests: tests, expected: plan.expectTests, missing: &missing)
        }
        if let finalStatus, !finalStatus.isSuccess, !timedOut {
            reasons.insert("it \(finalStatus.description)", at: 0)
        }
        if environment.monitor?.received != nil {
            reasons.append("the run was interrupted")
        }
        let verdict: ReportSuiteStatus = timedOut ? .timedOut : (reasons.isEmpty ? .passed : .failed)
        return ReportSuite(
            name: plan.name, kind: reportKind(plan), command: plan.arguments, status: verdict,
            exit: finalStatus.map(reportExit), durationSeconds: ReportDuration.rounded(duration), log: relativeLog, tests: tests,
            missingTests: missing, reasons: reasons)
    }

    /// The reasons an xctest suite fails on its tests: a failed test, zero tests, an expected test
    /// that is missing or skipped.
    static func judge(tests: [ReportTest], expected: [String], missing: inout [String]) -> [String] {
        var reasons: [String] = []
        if tests.isEmpty {
            reasons.append("it ran zero tests (check the --filter and that the tests are built)")
        }
        let failed = tests.filter { $0.status == .failed }.map(\.name)
        if !failed.isEmpty {
            reasons.append("\(failed.count) test(s) failed: \(failed.prefix(5).joined(separator: ", "))\(failed.count > 5 ? ", …" : "")")
        }
        let byName = Dictionary(tests.map { ($0.name, $0.status) }, uniquingKeysWith: { first, _ in first })
        for name in expected {
            switch byName[name] {
            case .none:
                missing.append(name)
            case .some(.skipped):
                reasons.append("the expected test \(name) was skipped")
            default:
                break
            }
        }
        if !missing.isEmpty {
            reasons.append("expected test(s) did not run: \(missing.joined(separator: ", "))")
        }
        return reasons
    }

    static func reportKind(_ plan: SuitePlan) -> ReportSuiteKind {
        switch plan.kind {
        case .xctest: .xctest
        case .frames: .frames
        case .command: .command
        }
    }

    static func reportStatus(_ status: TestStatus) -> ReportTestStatus {
        switch status {
        case .passed: .passed
        case .failed: .failed
        case .skipped: .skipped
        }
    }

    static func reportExit(_ status: ExitStatus) -> ReportExit {
        ReportExit(code: status.code.map(Int.init), signal: status.signal.map(Int.init))
    }
}

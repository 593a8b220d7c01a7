// PipelineHarness.swift
//
// A scratch repository, out folder and environment for running the pipeline in-process.

import Foundation
import Gate
import GateConfig
import GateCore
import GateProcess
import GatePublishing
import GateReport
import GateTestSupport

/// A scratch git repository with one commit, an out folder beside it, and a run environment whose
/// toolchain command is a stand-in (fast, and the same on every machine).
final class PipelineHarness {
    /// The scratch folder holding the repository and the out folder; git runs there isolated
    /// from the user's configuration (``ScratchFolder/gitEnvironment``).
    let scratch: ScratchFolder
    let root: String
    let repository: String
    let out: String
    let monitor = InterruptMonitor(signals: [])
    /// Everything the run printed (verbose, so every note is there too).
    let printed = Locked("")
    /// Extra environment variables for the run (e.g. GITHUB_ACTIONS).
    var extraVariables: [String: String] = [:]
    /// The executable the run starts for the built-in fixture and the frames suite (a stand-in
    /// script in tests of what the run does with a child's output).
    var gateExecutable = PipelineHarness.gateExecutable

    /// A scratch folder with `repo`, a repository whose one commit holds no files, and `out`
    /// (not made: the run makes it).
    init() throws {
        scratch = try ScratchFolder("gate-pipeline")
        root = scratch.path
        repository = scratch.file("repo")
        out = scratch.file("out")
        do {
            try scratch.makeRepository("repo", files: [:])
        } catch {
            scratch.remove()
            throw error
        }
    }

    deinit {
        monitor.cancel()
        scratch.remove()
    }

    /// The acceptance-gate executable built beside the tests.
    static var gateExecutable: String {
        BuildProducts.gate
    }

    var environment: RunEnvironment {
        let printed = self.printed
        let progress = ProgressReporter(style: ProgressStyle(verbose: true)) { text in printed.withLock { $0 += text } }
        return RunEnvironment(
            variables: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": root].merging(extraVariables) { _, new in new },
            gateExecutable: gateExecutable,
            gateVersion: "0.0.0-test", wallClock: { 1_700_000_000 }, progress: progress, monitor: monitor,
            swiftCommand: ["sh", "-c", "echo 'Swift version 6.3.1 (swift-6.3.1-RELEASE)'; echo 'Target: x86_64-unknown-linux-gnu'"])
    }

    /// A plan for `suites` (and `fixture`) in the scratch repository, as `run` loads one.
    func plan(
        fixture: ConfigFixture? = nil, suites: [ConfigSuite], requireSignature: Bool = false, keyFile: String? = nil,
        out: String? = nil
    ) -> RunPlan {
        var configuration = GateConfiguration(fixture: fixture, suites: suites)
        configuration.report.dir = out ?? self.out
        configuration.signing = ConfigSigning(keyFile: keyFile, keyFileIsExplicit: keyFile != nil, require: requireSignature)
        // The bytes a file would hold for this configuration: sign and verify judge the run by them.
        var plan = RunPlan(
            LoadedConfiguration(
                configuration: configuration, source: "(embedded default)", path: nil, root: repository,
                bytes: Array(configuration.effectiveText.utf8)))
        // The stages' own tests start stand-ins for the gate's executable, which cannot enter a
        // suite's domain; the domain has tests of its own (SuiteDomainTests, SuiteIsolationAttackTests).
        plan.isolation = .off
        return plan
    }

    func run(_ plan: RunPlan) throws -> RunOutcome {
        try AcceptanceRun(plan: plan, environment: environment).execute()
    }

    /// Every file the run wrote, as text.
    func outputs() -> [String: String] {
        var texts: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: out) else { return texts }
        while let name = enumerator.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: out + "/" + name) {
                texts[name] = String(decoding: data, as: UTF8.self)
            }
        }
        return texts
    }

    /// A suite that prints XCTest lines with `sh`.
    static func xctest(_ name: String, _ script: String, expect: [String] = [], timeout: Duration = .seconds(30)) -> ConfigSuite {
        ConfigSuite(name: name, kind: .xctest, command: ["sh", "-c", script], expectTests: expect, timeout: timeout)
    }

    /// `Test Case 'C.t' started…` and `… passed (0.001 seconds)` for each name.
    /// … followed by XCTest's final summary line, as a real run ends.
    static func passing(_ names: [String]) -> String {
        names.map { "echo \"Test Case '\($0)' started at 2026-11-29 20:00:00.000\"; echo \"Test Case '\($0)' passed (0.001 seconds)\"" }
            .joined(separator: "; ") + "; " + summary(names.count, failures: 0)
    }

    /// XCTest's `Executed N tests, with F failures …` line, as an `echo`.
    static func summary(_ executed: Int, failures: Int) -> String {
        "echo \"\t Executed \(executed) tests, with \(failures) failures (0 unexpected) in 0.001 (0.001) seconds\""
    }
}

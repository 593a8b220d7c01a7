//===----------------------------------------------------------------------===//
// AdoptedPackage.swift: a real Swift package in a scratch folder, adopted with the built gate.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// A Swift package written into a scratch folder and committed, so `acceptance-gate init`,
/// `swift build --build-tests` and `acceptance-gate run` can be run on it as a team would, with
/// the gate binary this build produced. Each step's exit status and wall time are printed, which
/// is the transcript of a first adoption.
final class AdoptedPackage {
    /// The scratch folder holding the package.
    let folder: ScratchFolder
    /// Its path, where every step runs.
    var root: String { folder.path }
    /// Every step so far: command, exit status, seconds.
    private(set) var transcript: [String] = []
    /// The suites' cache (``separate()``), removed with the package.
    private var suiteCache: ScratchFolder?

    /// The gate binary next to the test bundle.
    static var gate: String { BuildProducts.gate }

    /// The environment the steps run with: ours, minus anything a surrounding gate run set, in CI.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("ACCEPTANCE_GATE_") }
        environment["CI"] = "true"
        return environment
    }

    /// Writes `files` (path → text) into a new scratch folder and commits them, with the scratch
    /// folder's isolated git: the user's git set-up must not change the commit the gate stamps.
    init(_ label: String, files: [String: String]) throws {
        folder = try ScratchFolder("adopted-\(label)")
        do {
            for (path, text) in files {
                try folder.write(text, to: path, mode: 0o644)
            }
            try folder.makeRepository(files: [:])
        } catch {
            folder.remove()
            throw error
        }
    }

    deinit {
        folder.remove()
        suiteCache?.remove()
    }

    /// Lets the gate run the package's suites separated, as root on Linux: the suites' user may
    /// enter the package, and their cache is a scratch folder of its own (not the machine's).
    func separate() throws {
        chmod(root, 0o755)
        suiteCache = try ScratchFolder("suite-cache")
    }

    /// Runs one step in the package folder, records it, and returns its result.
    ///
    /// A step takes up to a minute; it is waited for on a thread of its own, so the test runner's
    /// threads serve the other tests meanwhile.
    @discardableResult
    func step(_ arguments: [String], timeout: Duration = .seconds(600)) async throws -> ProcessResult {
        let clock = ContinuousClock()
        let start = clock.now
        // At a lower priority: the package builds must not starve the suite's timing-sensitive tests.
        var environment = Self.environment
        if let suiteCache { environment["ACCEPTANCE_GATE_SUITE_CACHE"] = suiteCache.path }
        let spec = ProcessSpec(arguments: ["nice", "-n", "10"] + arguments, environment: environment, workingDirectory: root)
        let result = try await onOwnThread { try ProcessSupervisor.standalone.run(spec, timeout: timeout) }
        let seconds = Double((clock.now - start).components.seconds) + Double((clock.now - start).components.attoseconds) / 1e18
        let shown = arguments.map { $0 == Self.gate ? "acceptance-gate" : $0 }.joined(separator: " ")
        let line = "$ \(shown)  -> \(result.status), \(String(format: "%.1f", seconds)) s"
        transcript.append(line)
        print("[\(URL(fileURLWithPath: root).lastPathComponent)] \(line)")
        return result
    }

    /// `acceptance-gate init` with `extra` options.
    func initialise(_ extra: [String] = []) async throws -> ProcessResult {
        try await step([Self.gate, "init"] + extra)
    }

    /// `swift build --build-tests`; records an issue with the compiler's output when it fails.
    func buildTests() async throws {
        let result = try await step(["swift", "build", "--build-tests"])
        #expect(
            result.status.isSuccess,
            "the files init wrote do not build:\n\(result.stdoutText.suffix(3000))\(result.stderrText.suffix(2000))")
    }

    /// `acceptance-gate run --out .acceptance-gate`: its exit status, standard output and report.
    func run() async throws -> (status: GateProcess.ExitStatus, stdout: String, report: [String: Any]) {
        let result = try await step([Self.gate, "run", "--out", ".acceptance-gate"])
        let data = FileManager.default.contents(atPath: root + "/.acceptance-gate/report.json") ?? Data()
        let report = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return (result.status, result.stdoutText, report)
    }

    /// The text at `path` in the package.
    func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)), as: UTF8.self)
    }

    /// Replaces the text at `path` with `change(text)`.
    func edit(_ path: String, _ change: (String) throws -> String) throws {
        try Data(try change(try read(path)).utf8).write(to: URL(fileURLWithPath: root + "/" + path))
    }
}

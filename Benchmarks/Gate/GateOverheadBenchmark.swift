//===----------------------------------------------------------------------===//
// GateOverheadBenchmark.swift: the gate's own time on a run whose suite does nothing.
//===----------------------------------------------------------------------===//

import Foundation

/// Measures what the gate itself costs: a scratch repository, a configuration with the built-in
/// fixture and one suite that runs `true`, and a signing key; `acceptance-gate run` is run N times.
/// Each run's report.json gives the stage durations (stamp, fixture start to READY, the suite,
/// fixture stop and exit proof, scan, render); signing, process start and exit are the rest of the
/// wall time. The medians are printed with the wall time of the whole command and, as the baseline
/// measured in the same run, `acceptance-gate --version` (starting the process at all).
struct GateOverheadBenchmark {
    let options: GateOverheadOptions

    func run() throws(BenchmarkFailure) {
        let root = NSTemporaryDirectory() + "gate-overhead-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let repository = root + "/repo"
        try prepare(root: root, repository: repository)

        var baseline: [Double] = []
        var walls: [Double] = []
        var stages: [String: [Double]] = [:]
        var order: [String] = []
        for index in 0..<options.runs {
            let version = try Stopwatch.time { () throws(BenchmarkFailure) in try Self.spawn([options.binary, "--version"]) }
            guard version.result == 0 else { throw BenchmarkFailure("'\(options.binary) --version' exited \(version.result)") }
            baseline.append(version.seconds)
            let out = root + "/out-\(index)"
            let arguments = [
                options.binary, "run", "--repo", repository, "--config", repository + "/acceptance-gate.json", "--out", out,
                "--key", root + "/gate.key", "--quiet",
            ]
            let timed = try Stopwatch.time { () throws(BenchmarkFailure) in try Self.spawn(arguments) }
            guard timed.result == 0 else { throw BenchmarkFailure("'\(arguments.joined(separator: " "))' exited \(timed.result)") }
            walls.append(timed.seconds)
            guard let data = FileManager.default.contents(atPath: out + "/report.json"),
                let report = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let list = report["stages"] as? [[String: Any]]
            else { throw BenchmarkFailure("run \(index) left no readable report.json in \(out)") }
            for stage in list {
                guard let name = stage["name"] as? String, let seconds = stage["durationSeconds"] as? Double else { continue }
                if stages[name] == nil { order.append(name) }
                stages[name, default: []].append(seconds)
            }
        }

        Output.line("gate overhead: \(options.runs) runs of 'acceptance-gate run' (built-in fixture, one suite running 'true', signed)")
        Output.line("  process start ('--version', baseline)  \(Self.milliseconds(baseline.median))")
        var suites = 0.0
        var listed = 0.0
        var stamp = 0.0
        for name in order {
            let value = (stages[name] ?? []).median
            listed += value
            if name.hasPrefix("suite ") { suites += value }
            if name == "stamp" { stamp = value }
            let note = name.hasPrefix("suite ") ? "  (the suite's own time)" : (name == "stamp" ? "  (libgit2 + 'swift --version')" : "")
            Output.line("  \(name.padding(toLength: 38, withPad: " ", startingAt: 0)) \(Self.milliseconds(value))\(note)")
        }
        let wall = walls.median
        Output.line("  sign, process start and exit (by difference)  \(Self.milliseconds(max(0, wall - listed)))")
        Output.line("  whole command (wall)                   \(Self.milliseconds(wall))")
        let overhead = wall - suites
        Output.line(
            "overhead (everything but the suite: wall - suite): \(Self.milliseconds(overhead)); without the stamp: \(Self.milliseconds(overhead - stamp))"
        )
        Output.line("ratio whole command / process start: \(Format.fixed(wall / max(baseline.median, 1e-6), 1))x")
        Output.line("goal: overhead < 500 ms — " + (overhead < 0.5 ? "met" : "NOT met"))
    }

    /// The scratch repository and key, with the configuration this benchmark runs.
    private func prepare(root: String, repository: String) throws(BenchmarkFailure) {
        let config = """
            {
              "fixture": { "builtin": "redirect", "ports": "auto", "expect": { "foreignRequests": 0 } },
              "suites": [ { "name": "trivial", "kind": "command", "command": ["true"] } ]
            }
            """
        try ScratchRepository.prepare(root: root, repository: repository, config: config, binary: options.binary)
    }

    /// Runs `arguments` with stdout to /dev/null and returns its exit status.
    private static func spawn(_ arguments: [String]) throws(BenchmarkFailure) -> Int32 {
        try ScratchRepository.run(arguments, deadline: 120).shellStatus
    }

    private static func milliseconds(_ seconds: Double) -> String {
        Format.fixed(seconds * 1000, 1) + " ms"
    }
}

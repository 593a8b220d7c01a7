//===----------------------------------------------------------------------===//
// GateOverheadBenchmark.swift: the gate's own time, and a suite's domain's, on a real run.
//===----------------------------------------------------------------------===//

import Foundation

/// Measures what the gate itself costs: a scratch repository, a configuration with the built-in
/// fixture and one suite that runs `true` (or a package's `swift test`), and a signing key;
/// `acceptance-gate run` is run N times each way, with the suites separated (`--isolation auto`)
/// and not (`--isolation off`), alternating, so both see the same machine. Each run's report.json
/// gives the stage durations (stamp, isolation, fixture start to READY, the suite, fixture stop
/// and exit proof, scan, render); signing, process start and exit are the rest of the wall time.
/// The medians are printed with the wall time of the whole command and, as the baseline measured
/// in the same run, `acceptance-gate --version` (starting the process at all). The per-suite cost
/// of separation is the suite's median time separated minus not.
struct GateOverheadBenchmark {
    let options: GateOverheadOptions

    /// The medians of one way of running.
    struct Way {
        var walls: [Double] = []
        var stages: [String: [Double]] = [:]
        var order: [String] = []
        var mechanism = "?"

        func median(_ name: String) -> Double { (stages[name] ?? []).median }
        var suite: Double { order.filter { $0.hasPrefix("suite ") }.map(median).reduce(0, +) }
    }

    func run() throws(BenchmarkFailure) {
        let root = NSTemporaryDirectory() + "gate-overhead-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let repository = root + "/repo"
        try prepare(root: root, repository: repository)
        // The suites' user must be able to enter the repository for the separated runs.
        chmod(root, 0o755)
        let cache = root + "/suite-cache"

        var baseline: [Double] = []
        var separated = Way()
        var plain = Way()
        if options.package != nil {
            // Cold: an empty cache for the separated run, no .build for the other.
            var cold = Way()
            try measure(repository, root: root, cache: cache, isolation: "auto", index: -1, into: &cold)
            Output.line("cold (first build) separated, \(cold.mechanism): suite \(Self.milliseconds(cold.suite))")
            cold = Way()
            try? FileManager.default.removeItem(atPath: repository + "/.build")
            try measure(repository, root: root, cache: cache, isolation: "off", index: -2, into: &cold)
            Output.line("cold (first build) not separated: suite \(Self.milliseconds(cold.suite))")
        }
        for index in 0..<options.runs {
            let version = try Stopwatch.time { () throws(BenchmarkFailure) in try Self.spawn([options.binary, "--version"]) }
            guard version.result == 0 else { throw BenchmarkFailure("'\(options.binary) --version' exited \(version.result)") }
            baseline.append(version.seconds)
            try measure(repository, root: root, cache: cache, isolation: "auto", index: 2 * index, into: &separated)
            try measure(repository, root: root, cache: cache, isolation: "off", index: 2 * index + 1, into: &plain)
        }

        let suite = options.package == nil ? "one suite running 'true'" : "'swift test' in \(options.package ?? ""), warm"
        Output.line("gate overhead: \(options.runs) runs of 'acceptance-gate run' each way (built-in fixture, \(suite), signed)")
        Output.line("  process start ('--version', baseline)  \(Self.milliseconds(baseline.median))")
        var listed = 0.0
        var stamp = 0.0
        for name in plain.order {
            let value = plain.median(name)
            listed += value
            if name == "stamp" { stamp = value }
            let note = name.hasPrefix("suite ") ? "  (the suite's own time)" : (name == "stamp" ? "  (libgit2 + 'swift --version')" : "")
            Output.line("  \(name.padding(toLength: 38, withPad: " ", startingAt: 0)) \(Self.milliseconds(value))\(note)")
        }
        let wall = plain.walls.median
        Output.line("  sign, process start and exit (by difference)  \(Self.milliseconds(max(0, wall - listed)))")
        Output.line("  whole command (wall)                   \(Self.milliseconds(wall))")
        let overhead = wall - plain.suite
        Output.line(
            "overhead (everything but the suite: wall - suite): \(Self.milliseconds(overhead)); without the stamp: \(Self.milliseconds(overhead - stamp))"
        )
        Output.line("ratio whole command / process start: \(Format.fixed(wall / max(baseline.median, 1e-6), 1))x")
        Output.line("goal: overhead < 500 ms — " + (overhead < 0.5 ? "met" : "NOT met"))
        Output.line("separation (\(separated.mechanism), network \(options.network)), the same runs alternating with --isolation off:")
        Output.line("  isolation stage (cache and probe, once per run)  \(Self.milliseconds(separated.median("isolation")))")
        Output.line(
            "  suite separated \(Self.milliseconds(separated.suite)), not separated \(Self.milliseconds(plain.suite)); "
                + "per-suite overhead \(Self.milliseconds(separated.suite - plain.suite))")
        Output.line(
            "  whole command separated \(Self.milliseconds(separated.walls.median)) / not \(Self.milliseconds(wall)) = "
                + "\(Format.fixed(separated.walls.median / max(wall, 1e-6), 3))")
    }

    /// One run with `--isolation isolation`, its wall time and stages added to `way`.
    private func measure(
        _ repository: String, root: String, cache: String, isolation: String, index: Int, into way: inout Way
    ) throws(BenchmarkFailure) {
        let out = root + "/out-\(index + 2)"
        let arguments = [
            "/usr/bin/env", "ACCEPTANCE_GATE_SUITE_CACHE=\(cache)", options.binary, "run", "--repo", repository, "--config",
            repository + "/acceptance-gate.json", "--out", out, "--key", root + "/gate.key", "--quiet", "--isolation", isolation,
        ]
        let timed = try Stopwatch.time { () throws(BenchmarkFailure) in try Self.spawn(arguments) }
        guard timed.result == 0 else { throw BenchmarkFailure("'\(arguments.joined(separator: " "))' exited \(timed.result)") }
        way.walls.append(timed.seconds)
        guard let data = FileManager.default.contents(atPath: out + "/report.json"),
            let report = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let list = report["stages"] as? [[String: Any]]
        else { throw BenchmarkFailure("run \(index) left no readable report.json in \(out)") }
        if let record = report["isolation"] as? [String: Any], let mechanism = record["mechanism"] as? String {
            way.mechanism = mechanism + ((record["reason"] as? String).map { ": \($0)" } ?? "")
        }
        for stage in list {
            guard let name = stage["name"] as? String, let seconds = stage["durationSeconds"] as? Double else { continue }
            if way.stages[name] == nil { way.order.append(name) }
            way.stages[name, default: []].append(seconds)
        }
        try? FileManager.default.removeItem(atPath: out)
    }

    /// The scratch repository and key, with the configuration this benchmark runs.
    private func prepare(root: String, repository: String) throws(BenchmarkFailure) {
        let network = #", "network": "\#(options.network)""#
        let suite =
            options.package == nil
            ? #"{ "name": "trivial", "kind": "command", "command": ["true"]\#(network) }"#
            : #"{ "name": "package", "kind": "xctest", "command": ["swift", "test"], "timeoutSeconds": 1800\#(network) }"#
        let config = """
            {
              "fixture": { "builtin": "redirect", "ports": "auto", "expect": { "foreignRequests": 0 } },
              "suites": [ \(suite) ]
            }
            """
        if let package = options.package {
            let copy =
                "mkdir -p '\(repository)' && cd '\(package)' && tar --exclude=./.build --exclude=./.git -cf - . | tar -C '\(repository)' -xf -"
            guard try ScratchRepository.run(["/bin/sh", "-c", copy]).shellStatus == 0 else {
                throw BenchmarkFailure("cannot copy \(package) to \(repository)")
            }
        }
        try ScratchRepository.prepare(root: root, repository: repository, config: config, binary: options.binary)
    }

    /// Runs `arguments` with stdout to /dev/null and returns its exit status.
    private static func spawn(_ arguments: [String]) throws(BenchmarkFailure) -> Int32 {
        try ScratchRepository.run(arguments, deadline: 1800).shellStatus
    }

    private static func milliseconds(_ seconds: Double) -> String {
        Format.fixed(seconds * 1000, 1) + " ms"
    }
}

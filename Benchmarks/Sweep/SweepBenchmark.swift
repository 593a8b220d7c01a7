//===----------------------------------------------------------------------===//
// SweepBenchmark.swift: what one descendant sweep costs, against one spawn of /bin/true.
//===----------------------------------------------------------------------===//

import GateProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `Benchmarks sweep`: the gate sweeps for escaped descendants after the fixture and after every
/// suite, so each sweep is paid once per stage. This times ``DescendantSweep/sweep(sparing:grace:)``
/// as the gate calls it, as the subreaper, in three states (nothing to find; N live descendants in
/// groups the stage still owns, which it must read and spare; N escaped descendants, which it must
/// stop and reap), against the cheapest child a stage could start, one `posix_spawn` and `waitpid`
/// of `/bin/true`, all in this run. Every descendant is `sleep 120` in a group of its own, so one
/// left behind by a crash ends by itself.
struct SweepBenchmark {
    let options: SweepBenchmarkOptions

    func run() throws(BenchmarkFailure) {
        do {
            try Subreaper.enable()
        } catch {
            throw BenchmarkFailure("cannot become the subreaper: \(error)")
        }
        guard DescendantSweep.sweep().searched else {
            throw BenchmarkFailure("this platform has no subreaper or process table, so the gate does not sweep here")
        }
        let processes = Self.processCount()
        Output.line("processes on this machine: \(processes.map(String.init) ?? "unknown") (a sweep reads every /proc/PID/stat)")

        var baseline: [Double] = []
        var empty: [Double] = []
        for _ in 0..<options.runs {
            baseline.append(try Stopwatch.time { () throws(BenchmarkFailure) in try Self.spawnTrue() }.seconds)
            let timed = try Stopwatch.time { () -> DescendantSweep.Outcome in DescendantSweep.sweep() }
            guard timed.result.found.isEmpty else { throw BenchmarkFailure("the idle sweep found \(timed.result.found.count) process(es)") }
            empty.append(timed.seconds)
        }

        let tracked = try Self.spawnSleepers(options.descendants)
        let spared = Self.timeSparing(tracked, runs: options.runs)
        Self.stop(tracked)
        guard spared.allSatisfy({ $0.found == 0 }) else { throw BenchmarkFailure("a sweep stopped processes it should have spared") }

        var escaped: [Double] = []
        for _ in 0..<options.runs {
            let sleepers = try Self.spawnSleepers(options.descendants)
            let timed = try Stopwatch.time { () -> DescendantSweep.Outcome in DescendantSweep.sweep() }
            let leftover = sleepers.filter { kill($0, 0) == 0 }
            Self.stop(leftover)
            guard timed.result.found.count == options.descendants, timed.result.killed.isEmpty, leftover.isEmpty else {
                throw BenchmarkFailure(
                    "the sweep found \(timed.result.found.count) of \(options.descendants) escaped process(es), "
                        + "\(timed.result.killed.count) needed SIGKILL, \(leftover.count) left")
            }
            escaped.append(timed.seconds)
        }

        let base = baseline.median
        Output.line("  " + Self.line("posix_spawn + waitpid of /bin/true (baseline)", baseline, base))
        Output.line("  " + Self.line("sweep, 0 descendants", empty, base))
        Output.line("  " + Self.line("sweep, \(options.descendants) descendants spared (tracked groups)", spared.map(\.seconds), base))
        Output.line("  " + Self.line("sweep, \(options.descendants) escaped descendants stopped and reaped", escaped, base))
        Output.line(
            "sweep overhead per stage: \(Format.fixed(empty.median * 1000, 2)) ms idle = "
                + "\(Format.fixed(empty.median / base, 2)) × one spawn of /bin/true")
    }

    /// `runs` sweeps that must spare `tracked` (each leads its own group): their times and how many
    /// processes each found.
    private static func timeSparing(_ tracked: [Int32], runs: Int) -> [(seconds: Double, found: Int)] {
        let groups = Set(tracked)
        return (0..<runs).map { _ in
            let watch = Stopwatch()
            let outcome = DescendantSweep.sweep(sparing: groups)
            return (watch.elapsed, outcome.found.count)
        }
    }

    /// `name: M ms = r × baseline (median of k; ms: …)`.
    private static func line(_ name: String, _ samples: [Double], _ baseline: Double) -> String {
        let spread = samples.sorted().map { Format.fixed($0 * 1000, 2) }.joined(separator: "/")
        return "\(name): \(Format.fixed(samples.median * 1000, 2)) ms = \(Format.fixed(samples.median / baseline, 2)) × baseline"
            + "   (median of \(samples.count) runs; ms: \(spread))"
    }

    /// How many processes /proc lists, or `nil` without /proc.
    private static func processCount() -> Int? {
        guard let directory = opendir("/proc") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if !name.isEmpty, name.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { count += 1 }
        }
        return count
    }

    /// One `posix_spawn` of `/bin/true` and its `waitpid`: what any stage pays to start a child.
    private static func spawnTrue() throws(BenchmarkFailure) {
        let pid = try spawn(["/bin/true"])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchmarkFailure("waitpid: \(String(cString: strerror(errno)))") }
        }
    }

    /// `count` children running `sleep 120`, each leading its own process group (as a stage's
    /// children do), with stdin and stdout on /dev/null.
    private static func spawnSleepers(_ count: Int) throws(BenchmarkFailure) -> [Int32] {
        var pids: [Int32] = []
        for _ in 0..<count {
            do {
                pids.append(try spawn(["/bin/sleep", "120"]))
            } catch {
                stop(pids)
                throw error
            }
        }
        return pids
    }

    /// SIGKILLs and reaps `pids` (children of this process).
    private static func stop(_ pids: [Int32]) {
        for pid in pids { _ = kill(pid, SIGKILL) }
        for pid in pids {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// posix_spawn with a process group of its own, stdin and stdout on /dev/null.
    private static func spawn(_ arguments: [String]) throws(BenchmarkFailure) -> Int32 {
        try ChildSpawn.spawn(arguments, newProcessGroup: true) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
    }
}

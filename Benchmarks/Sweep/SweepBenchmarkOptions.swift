//===----------------------------------------------------------------------===//
// SweepBenchmarkOptions.swift: the command line of `Benchmarks sweep`.
//===----------------------------------------------------------------------===//

/// `Benchmarks sweep [--runs N] [--descendants N]`.
struct SweepBenchmarkOptions: Equatable {
    /// Timed runs per figure (the median is reported).
    var runs = 15
    /// How many live descendants the loaded sweeps see.
    var descendants = 50

    static let usage = """
        usage: Benchmarks sweep [--runs N] [--descendants N]

          sweep      the descendant sweep that runs after the fixture and after each suite
                     (DescendantSweep.sweep), timed with 0 descendants, with N live descendants in
                     groups the stage still owns (spared: the scan of the process table alone), and
                     with N escaped descendants it must stop and reap; against one posix_spawn and
                     waitpid of /bin/true in the same run (Linux: the gate is the subreaper)

          --runs N         timed runs per figure; the median is reported (default 15, 9 to 101)
          --descendants N  live descendants for the loaded figures (default 50, 1 to 200)
        """

    /// Parses the arguments after `sweep`.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> SweepBenchmarkOptions {
        var options = SweepBenchmarkOptions()
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--runs":
                options.runs = try UsageError.wholeNumber(value, for: "--runs", in: 9...101)
            case "--descendants":
                options.descendants = try UsageError.wholeNumber(value, for: "--descendants", in: 1...200)
            default:
                throw UsageError("unknown option '\(flag)' for sweep")
            }
        }
        return options
    }
}

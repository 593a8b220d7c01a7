//===----------------------------------------------------------------------===//
// PlanBenchmarkOptions.swift: the command line of `Benchmarks plan`.
//===----------------------------------------------------------------------===//

/// `Benchmarks plan [--tests N] [--seed S] [--repeat N]`.
struct PlanBenchmarkOptions: Equatable {
    /// How many tests the synthetic history holds.
    var tests = 5000
    /// The generator's seed, so every run plans the same history.
    var seed = 38
    /// Timed plans per shard count; the median is reported.
    var repetitions = 5

    static let usage = """
        usage: Benchmarks plan [--tests N] [--seed S] [--repeat N]

          plan  a seeded synthetic history of N tests with a long tail (ten of one to five minutes,
                200 of one to twenty seconds, the rest log-uniform between 1 and 500 ms, slow ones
                clustered in a few classes), planned by ShardPlanner for 2 to 16 shards; the slowest
                shard against the lower bound max(total / N, longest test), against LPT alone, a
                round-robin split in report order and a by-name split into equal counts; planning
                time is the median of --repeat full plans (names, median, LPT, improvement pass)

          --tests N   tests in the history (default 5000, at most 1000000)
          --seed S    the generator's seed (default 38)
          --repeat N  timed plans per shard count (default 5, at most 101)
        """

    /// Parses the arguments after `plan`.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> PlanBenchmarkOptions {
        var options = PlanBenchmarkOptions()
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--tests":
                options.tests = try UsageError.wholeNumber(value, for: "--tests", in: 20...1_000_000)
            case "--seed":
                options.seed = try UsageError.wholeNumber(value, for: "--seed", in: 0...Int(Int32.max))
            case "--repeat":
                options.repetitions = try UsageError.wholeNumber(value, for: "--repeat", in: 1...101)
            default:
                throw UsageError("unknown option '\(flag)' for plan")
            }
        }
        return options
    }
}

//===----------------------------------------------------------------------===//
// VerifyBenchmarkOptions.swift: the command line of `Benchmarks verify`.
//===----------------------------------------------------------------------===//

/// `Benchmarks verify --binary PATH [--reports N] [--runs N]`.
struct VerifyBenchmarkOptions: Equatable {
    /// The acceptance-gate executable whose `verify` is measured.
    var binary: String
    /// How many archived reports the bulk figure verifies.
    var reports = 1000
    /// How many timed runs of each figure; medians are reported.
    var runs = 5

    static let usage = """
        usage: Benchmarks verify --binary PATH [--reports N] [--runs N]

          verify     bulk 'PATH verify DIR': one real signed out folder from 'PATH run --shard' (a
                     suite printing 1,000 XCTest lines), copied N times, each copy's report.json
                     changed (its shard name) and signed again with the same key, so every copy
                     has its own digest and signature; then 'PATH verify' over all N folders, over
                     a folder of 1, and over the one envelope, each median of --runs, all in this run

          --binary P   the acceptance-gate executable
          --reports N  archived reports to verify in bulk (default 1000, at most 100000)
          --runs N     timed runs per figure (default 5, at most 101)
        """

    /// Parses the arguments after `verify`.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> VerifyBenchmarkOptions {
        var options = VerifyBenchmarkOptions(binary: "")
        var binary: String?
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--binary":
                binary = value
            case "--reports":
                options.reports = try UsageError.wholeNumber(value, for: "--reports", in: 2...100_000)
            case "--runs":
                options.runs = try UsageError.wholeNumber(value, for: "--runs", in: 1...101)
            default:
                throw UsageError("unknown option '\(flag)' for verify")
            }
        }
        guard let binary else { throw UsageError("verify needs --binary PATH") }
        options.binary = binary
        return options
    }
}

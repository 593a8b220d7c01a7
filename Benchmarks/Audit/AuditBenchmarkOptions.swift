//===----------------------------------------------------------------------===//
// AuditBenchmarkOptions.swift: the command line of `Benchmarks audit`.
//===----------------------------------------------------------------------===//

/// `Benchmarks audit [--tests N] [--log-mib N] [--repeat N]`.
struct AuditBenchmarkOptions: Equatable {
    /// How many tests the suite's log and report hold.
    var tests = 100_000
    /// How large the suite's log is, in MiB (the tests' lines, then app output up to this size).
    var logMebibytes = 50
    /// Timed runs per figure; medians are reported.
    var repetitions = 5

    static let usage = """
        usage: Benchmarks audit [--tests N] [--log-mib N] [--repeat N]

          audit  an out folder as a run leaves it: report.json with N tests in one xctest suite, its
                 configuration, and the suite's log of N MiB (the tests' lines among app output);
                 times what verify and sign did before #35 (the folder's digests checked, the report
                 decoded) and the re-derivation they add (ReportAudit: the verdict from problems and
                 facts, the log parsed and judged again), in this process; the audit must agree

          --tests N    tests in the report and the log (default 100000, at most 1000000)
          --log-mib N  the log's size in MiB (default 50, at most 1024)
          --repeat N   timed runs per figure (default 5, at most 101)
        """

    /// Parses the arguments after `audit`.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> AuditBenchmarkOptions {
        var options = AuditBenchmarkOptions()
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--tests":
                options.tests = try UsageError.wholeNumber(value, for: "--tests", in: 1...1_000_000)
            case "--log-mib":
                options.logMebibytes = try UsageError.wholeNumber(value, for: "--log-mib", in: 1...1024)
            case "--repeat":
                options.repetitions = try UsageError.wholeNumber(value, for: "--repeat", in: 1...101)
            default:
                throw UsageError("unknown option '\(flag)' for audit")
            }
        }
        return options
    }
}

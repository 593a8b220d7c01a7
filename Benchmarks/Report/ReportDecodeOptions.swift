//===----------------------------------------------------------------------===//
// ReportDecodeOptions.swift: the command line of `Benchmarks report-decode`.
//===----------------------------------------------------------------------===//

/// `Benchmarks report-decode [--tests N] [--repeat N]`.
struct ReportDecodeOptions: Equatable {
    /// How many tests the generated report holds.
    var tests = 100_000
    /// Timed runs per figure; medians are reported.
    var repetitions = 5

    static let usage = """
        usage: Benchmarks report-decode [--tests N] [--repeat N]

          report-decode  a report.json as the gate writes it, with N tests in 4 suites (a tenth failed,
                         with messages), read back by JSONDecoder (how 'report render' read it before
                         #21) and by GateReport.decode (the strict JSONReader, then JSONValueDecoder),
                         in this process; both must give the report that was encoded

          --tests N   tests in the report (default 100000, at most 2000000)
          --repeat N  timed runs per figure (default 5, at most 101)
        """

    /// Parses the arguments after `report-decode`.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> ReportDecodeOptions {
        var options = ReportDecodeOptions()
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--tests":
                options.tests = try UsageError.wholeNumber(value, for: "--tests", in: 1...2_000_000)
            case "--repeat":
                options.repetitions = try UsageError.wholeNumber(value, for: "--repeat", in: 1...101)
            default:
                throw UsageError("unknown option '\(flag)' for report-decode")
            }
        }
        return options
    }
}

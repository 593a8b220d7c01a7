//===----------------------------------------------------------------------===//
// ScanBenchmarkOptions.swift: the command line of `Benchmarks scan`.
//===----------------------------------------------------------------------===//

/// `Benchmarks scan [--mib N] [--repeat N]`.
struct ScanBenchmarkOptions: Equatable {
    /// The large log's size in MiB (the small one is a tenth of it, at least 1 MiB).
    var mebibytes = 200
    /// Timed runs per figure (the median is reported).
    var repetitions = 3

    static let usage = """
        usage: Benchmarks scan [--mib N] [--repeat N]

          scan       write a realistic CI log (xcodebuild, swift test, curl -v, JSON lines, env dumps,
                     fake tokens and decoys) to a temp file, then measure TokenScanner on it against a
                     checksum over the same 1 MiB chunked reader and against 'cat FILE > /dev/null';
                     peak RSS after a log a tenth the size and after the full one

          --mib N     the large log in MiB (default 200, at least 10, at most 4096)
          --repeat N  timed runs per figure; the median is reported (default 3)
        """

    /// Parses the arguments after `scan`.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> ScanBenchmarkOptions {
        var options = ScanBenchmarkOptions()
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--mib":
                options.mebibytes = try UsageError.wholeNumber(value, for: "--mib", in: 10...4096)
            case "--repeat":
                options.repetitions = try UsageError.wholeNumber(value, for: "--repeat", in: 1...101)
            default:
                throw UsageError("unknown option '\(flag)' for scan")
            }
        }
        return options
    }
}

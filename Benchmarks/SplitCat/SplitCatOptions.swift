//===----------------------------------------------------------------------===//
// SplitCatOptions.swift: the command line of `Benchmarks split-cat`.
//===----------------------------------------------------------------------===//

/// `Benchmarks split-cat --binary PATH [--gib N] [--repeat N] [--hex-mib N]`.
struct SplitCatOptions: Equatable {
    /// The acceptance-gate executable.
    var binary = ""
    /// Each frame file's size in GiB.
    var gibibytes = 1.0
    /// Timed runs per figure (the median is reported), after one untimed warm-up round.
    var repetitions = 5
    /// The size of the file for the hex comparison against `xxd -p`, in MiB; 0 skips it.
    var hexMebibytes = 256

    static let usage = """
        usage: Benchmarks split-cat --binary PATH [--gib N] [--repeat N] [--hex-mib N]

          split-cat  write frame files to a temp folder (the issue's six sizes 0, 3, 64, 1,500 B,
                     64 KiB and 1 MiB equally often; the codec benchmark's mix; 1 MiB frames only;
                     0–256 B frames only),
                     then time 'PATH frames split --summary < FILE > /dev/null' against
                     'cat < FILE > /dev/null', interleaved, both spawned the same way and reading the
                     same page-cached file; report the ratio, the split's peak RSS and its start-up
                     cost; then 'PATH frames split' (hex) against 'xxd -p' on a smaller file

          --gib N      each frame file's size in GiB (default 1, may be 0.25)
          --repeat N   timed runs per figure; the median is reported (default 5)
          --hex-mib N  the hex comparison's file in MiB (default 256; 0 skips it)
        """

    /// Parses the arguments after `split-cat`.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> SplitCatOptions {
        var options = SplitCatOptions()
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--binary":
                options.binary = value
            case "--gib":
                guard let gib = Double(value), gib.isFinite, gib > 0, gib <= 64 else {
                    throw UsageError("--gib wants a number in (0, 64], not '\(value)'")
                }
                options.gibibytes = gib
            case "--repeat":
                options.repetitions = try UsageError.wholeNumber(value, for: "--repeat", in: 1...101)
            case "--hex-mib":
                options.hexMebibytes = try UsageError.wholeNumber(value, for: "--hex-mib", in: 0...65_536)
            default:
                throw UsageError("unknown option '\(flag)' for split-cat")
            }
        }
        guard !options.binary.isEmpty else { throw UsageError("split-cat needs --binary PATH") }
        return options
    }
}

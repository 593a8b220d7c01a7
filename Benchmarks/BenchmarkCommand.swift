//===----------------------------------------------------------------------===//
// BenchmarkCommand.swift: the tiny command line of the Benchmarks executable.
//===----------------------------------------------------------------------===//

/// What the Benchmarks executable was asked to do.
enum BenchmarkCommand: Equatable {
    /// In-process codec throughput: memcpy baseline, FrameDecoder, StreamFramer at three chunk sizes.
    case codec(BenchmarkOptions)
    /// Peak RSS and end-to-end throughput of `BINARY frames split --summary`.
    case splitRSS(binary: String, options: BenchmarkOptions)
    /// `BINARY frames split --summary` against `cat` on the same page-cached file; hex against `xxd -p`.
    case splitCat(SplitCatOptions)
    /// Requests/second of `BINARY fixture` against python's http.server, in the same run.
    case fixture(FixtureBenchmarkOptions)
    /// TokenScanner throughput on a generated CI log against a chunked checksum and `cat`, and its RSS.
    case scan(ScanBenchmarkOptions)
    /// The gate's own overhead on a run whose only suite is `true`.
    case gate(GateOverheadOptions)
    /// One descendant sweep, idle and with live descendants, against one spawn of `/bin/true`.
    case sweep(SweepBenchmarkOptions)
    /// Bulk `verify` of many archived reports against one.
    case verify(VerifyBenchmarkOptions)
    /// Reading a large report.json: JSONDecoder against the strict reader and JSONValueDecoder.
    case reportDecode(ReportDecodeOptions)
    /// What re-deriving the verdict adds to `verify` and `sign` of a large out folder.
    case audit(AuditBenchmarkOptions)
    /// The shard planner on a long-tailed history against the lower bound and hand-made splits.
    case plan(PlanBenchmarkOptions)
    /// `-h` / `--help`.
    case help

    static let usage = """
        usage: Benchmarks codec [--gib N] [--repeat N]
               Benchmarks split-rss --binary PATH [--gib N] [--repeat N]
               Benchmarks split-cat --binary PATH [--gib N] [--repeat N] [--hex-mib N]
               Benchmarks fixture --binary PATH [--seconds N] [--connections N]
               Benchmarks scan [--mib N] [--repeat N]
               Benchmarks gate --binary PATH [--runs N]
               Benchmarks sweep [--runs N] [--descendants N]
               Benchmarks verify --binary PATH [--reports N] [--runs N]
               Benchmarks report-decode [--tests N] [--repeat N]
               Benchmarks audit [--tests N] [--log-mib N] [--repeat N]
               Benchmarks plan [--tests N] [--seed S] [--repeat N]

          codec      memcpy baseline, FrameDecoder in place, StreamFramer.feed with 4 KiB,
                     64 KiB and 1 MiB chunks, over one in-memory stream of whole frames
          split-rss  spawn 'PATH frames split --summary', pipe the stream through it and report
                     its peak RSS (ru_maxrss) against a 64 MiB stream and against 'PATH --version'
          split-cat  'PATH frames split --summary < FILE' against 'cat < FILE', both to /dev/null,
                     on 1 GiB files of frames (--gib), and 'PATH frames split' against 'xxd -p' on a
                     smaller one (--hex-mib N, default 256, 0 skips it); see SplitCatOptions.swift

          --gib N     stream size in GiB (a 64 MiB block of frames repeated; default 1, may be 0.25)
          --repeat N  measurements per figure; the median is reported (default 5 for codec, 3 for split-rss)
          --binary P  the acceptance-gate executable (split-rss only)
        """

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchmarkCommand {
        guard let mode = arguments.first else {
            throw UsageError(
                "missing mode (codec, split-rss, split-cat, fixture, scan, gate, sweep, verify, report-decode, audit or plan)")
        }
        if mode == "-h" || mode == "--help" { return .help }
        if mode == "fixture" { return .fixture(try FixtureBenchmarkOptions.parse(arguments.dropFirst())) }
        if mode == "split-cat" { return .splitCat(try SplitCatOptions.parse(arguments.dropFirst())) }
        if mode == "gate" { return .gate(try GateOverheadOptions.parse(arguments.dropFirst())) }
        if mode == "verify" { return .verify(try VerifyBenchmarkOptions.parse(arguments.dropFirst())) }
        if mode == "scan" { return .scan(try ScanBenchmarkOptions.parse(arguments.dropFirst())) }
        if mode == "report-decode" { return .reportDecode(try ReportDecodeOptions.parse(arguments.dropFirst())) }
        if mode == "plan" { return .plan(try PlanBenchmarkOptions.parse(arguments.dropFirst())) }
        if mode == "audit" { return .audit(try AuditBenchmarkOptions.parse(arguments.dropFirst())) }
        if mode == "sweep" { return .sweep(try SweepBenchmarkOptions.parse(arguments.dropFirst())) }
        guard mode == "codec" || mode == "split-rss" else { throw UsageError("unknown mode '\(mode)'") }
        var options = BenchmarkOptions(repetitions: mode == "codec" ? 5 : 3)
        var binary: String?
        var rest = arguments.dropFirst()
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--gib":
                guard let gib = Double(value), gib.isFinite, gib > 0, gib <= 64 else {
                    throw UsageError("--gib wants a number in (0, 64], not '\(value)'")
                }
                options.gibibytes = gib
            case "--repeat":
                options.repetitions = try UsageError.wholeNumber(value, for: "--repeat", in: 1...101)
            case "--binary" where mode == "split-rss":
                binary = value
            default:
                throw UsageError("unknown option '\(flag)' for \(mode)")
            }
        }
        if mode == "codec" { return .codec(options) }
        guard let binary else { throw UsageError("split-rss needs --binary PATH") }
        return .splitRSS(binary: binary, options: options)
    }
}

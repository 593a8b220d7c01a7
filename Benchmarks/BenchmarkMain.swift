//===----------------------------------------------------------------------===//
// BenchmarkMain.swift: parses the command line and runs one benchmark mode.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Entry point: exit 0 when every measurement ran and verified, 1 on a failed check, 2 on usage.
enum BenchmarkMain {
    static func run(_ arguments: [String]) -> Int32 {
        let command: BenchmarkCommand
        do {
            command = try BenchmarkCommand.parse(arguments)
        } catch {
            Output.error("Benchmarks: \(error.message)\n\n\(BenchmarkCommand.usage)")
            return 2
        }
        #if DEBUG
            Output.error("Benchmarks: warning: this is a debug build; its figures mean nothing (use -c release)")
        #endif
        // A child that exits early must not kill us with SIGPIPE; we see EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        do {
            switch command {
            case .help:
                Output.line(BenchmarkCommand.usage)
            case let .codec(options):
                try CodecBenchmark(options: options).run()
            case let .splitRSS(binary, options):
                try SplitRSSBenchmark(binary: binary, options: options).run()
            case let .splitCat(options):
                try SplitCatBenchmark(options: options).run()
            case let .fixture(options):
                try FixtureBenchmark(options: options).run()
            case let .scan(options):
                try ScanBenchmark(options: options).run()
            case let .gate(options):
                try GateOverheadBenchmark(options: options).run()
            case let .sweep(options):
                try SweepBenchmark(options: options).run()
            case let .verify(options):
                try VerifyBenchmark(options: options).run()
            case let .reportDecode(options):
                try ReportDecodeBenchmark(options: options).run()
            case let .audit(options):
                try AuditBenchmark(options: options).run()
            case let .plan(options):
                try PlanBenchmark(options: options).run()
            }
            return 0
        } catch {
            Output.error("Benchmarks: FAILED: \(error.message)")
            return 1
        }
    }
}

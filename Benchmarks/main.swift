//===----------------------------------------------------------------------===//
// main.swift: the Benchmarks executable (release builds only; see ci/bench).
//
//   Benchmarks codec [--gib N] [--repeat N]
//   Benchmarks split-rss --binary PATH [--gib N] [--repeat N]
//   Benchmarks split-cat --binary PATH [--gib N] [--repeat N] [--hex-mib N]
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(BenchmarkMain.run(Array(CommandLine.arguments.dropFirst())))

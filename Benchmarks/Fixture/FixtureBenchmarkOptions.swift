//===----------------------------------------------------------------------===//
// FixtureBenchmarkOptions.swift: the command line of `Benchmarks fixture`.
//===----------------------------------------------------------------------===//

/// `Benchmarks fixture --binary PATH [--seconds N] [--connections N]`.
struct FixtureBenchmarkOptions: Equatable {
    /// The acceptance-gate executable whose `fixture` command is measured.
    var binary: String
    /// Measured seconds per server (after the warm-up).
    var seconds: Double = 5
    /// Keep-alive connections, each with one request outstanding (the same for every server).
    var connections = 1

    static let usage = """
        usage: Benchmarks fixture --binary PATH [--seconds N] [--connections N]

          fixture    requests/second and latency percentiles of GET /target with keep-alive against
                     'PATH fixture --ports auto', python3's http.server as teams write it (headers
                     and body in separate writes), and the same server writing each response at once;
                     all three in this run, under the same closed-loop load

          --binary P       the acceptance-gate executable
          --seconds N      measured seconds per server, after a 0.5 s warm-up (default 5, at most 600)
          --connections N  keep-alive connections, one request in flight on each (default 1, at most 64;
                           http.server is single-threaded, so more than 1 starves it)
        """

    /// Parses the arguments after `fixture`.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> FixtureBenchmarkOptions {
        var binary: String?
        var seconds = 5.0
        var connections = 1
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--binary":
                binary = value
            case "--seconds":
                guard let number = Double(value), number.isFinite, number > 0, number <= 600 else {
                    throw UsageError("--seconds wants a number in (0, 600], not '\(value)'")
                }
                seconds = number
            case "--connections":
                connections = try UsageError.wholeNumber(value, for: "--connections", in: 1...64)
            default:
                throw UsageError("unknown option '\(flag)' for fixture")
            }
        }
        guard let binary else { throw UsageError("fixture needs --binary PATH") }
        return FixtureBenchmarkOptions(binary: binary, seconds: seconds, connections: connections)
    }
}

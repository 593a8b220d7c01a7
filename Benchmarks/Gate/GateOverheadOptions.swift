//===----------------------------------------------------------------------===//
// GateOverheadOptions.swift: the command line of `Benchmarks gate`.
//===----------------------------------------------------------------------===//

/// `Benchmarks gate --binary PATH [--runs N] [--package PATH] [--network loopback|host]`.
struct GateOverheadOptions: Equatable {
    /// The acceptance-gate executable whose `run` is measured.
    var binary: String
    /// How many runs; medians are reported.
    var runs = 7
    /// A Swift package whose `swift test` is the suite instead of `true`, run cold and warm.
    var package: String?
    /// The suite's `network` (`loopback`, the default, or `host`): the two runs' difference is
    /// what a separated suite's own network namespace and fixture relay cost.
    var network = "loopback"

    static let usage = """
        usage: Benchmarks gate --binary PATH [--runs N] [--package PATH] [--network loopback|host]

          gate       the gate's own overhead: 'PATH run' on a scratch repository whose only suite is
                     'true', with the built-in fixture and a signing key; per-stage medians from each
                     run's report.json, the whole run's wall time, and 'PATH --version' as the
                     process-start baseline, all in this run; each run is taken twice, with the
                     suites separated (--isolation auto) and not (--isolation off), alternating, and
                     the suite's time with and without its domain is the per-suite overhead

          --binary P  the acceptance-gate executable
          --runs N    runs to take the medians of (default 7, at most 100)
          --package P a Swift package (copied, without .build) whose 'swift test' is the suite: one
                      cold run each way (empty cache, no .build), then the warm runs
          --network N the suite's network, loopback (default: a network namespace of its own and
                      the fixture relayed into it) or host; run both to see what the first costs
        """

    /// Parses the arguments after `gate`.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> GateOverheadOptions {
        var binary: String?
        var runs = 7
        var package: String?
        var network = "loopback"
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--binary":
                binary = value
            case "--runs":
                runs = try UsageError.wholeNumber(value, for: "--runs", in: 1...100)
            case "--package":
                package = value
            case "--network":
                guard value == "loopback" || value == "host" else { throw UsageError("--network is loopback or host") }
                network = value
            default:
                throw UsageError("unknown option '\(flag)' for gate")
            }
        }
        guard let binary else { throw UsageError("gate needs --binary PATH") }
        return GateOverheadOptions(binary: binary, runs: runs, package: package, network: network)
    }
}

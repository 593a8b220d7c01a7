//===----------------------------------------------------------------------===//
// GateOverheadOptions.swift: the command line of `Benchmarks gate`.
//===----------------------------------------------------------------------===//

/// `Benchmarks gate --binary PATH [--runs N]`.
struct GateOverheadOptions: Equatable {
    /// The acceptance-gate executable whose `run` is measured.
    var binary: String
    /// How many runs; medians are reported.
    var runs = 7

    static let usage = """
        usage: Benchmarks gate --binary PATH [--runs N]

          gate       the gate's own overhead: 'PATH run' on a scratch repository whose only suite is
                     'true', with the built-in fixture and a signing key; per-stage medians from each
                     run's report.json, the whole run's wall time, and 'PATH --version' as the
                     process-start baseline, all in this run

          --binary P  the acceptance-gate executable
          --runs N    runs to take the medians of (default 7, at most 100)
        """

    /// Parses the arguments after `gate`.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> GateOverheadOptions {
        var binary: String?
        var runs = 7
        var rest = arguments
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
            switch flag {
            case "--binary":
                binary = value
            case "--runs":
                runs = try UsageError.wholeNumber(value, for: "--runs", in: 1...100)
            default:
                throw UsageError("unknown option '\(flag)' for gate")
            }
        }
        guard let binary else { throw UsageError("gate needs --binary PATH") }
        return GateOverheadOptions(binary: binary, runs: runs)
    }
}

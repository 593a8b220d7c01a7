//===----------------------------------------------------------------------===//
// FixtureBenchmark.swift: the redirect fixture against python3's http.server, same load, same run.
//===----------------------------------------------------------------------===//

/// `Benchmarks fixture`: requests/second and latency of `GET /target` with keep-alive on
/// `acceptance-gate fixture`, then on two python3 `http.server` baselines, in this one run and
/// under the same closed-loop load. The goal (issue 3) is at least 10× the stock http.server.
struct FixtureBenchmark {
    let options: FixtureBenchmarkOptions

    /// The goal: the fixture's requests/second over the stock http.server's.
    static let goalRatio = 10.0
    /// Unmeasured seconds before each measurement.
    static let warmup = 0.5

    func run() throws(BenchmarkFailure) {
        let plural = options.connections == 1 ? "" : "s"
        Output.line(
            "GET /target, HTTP/1.1 keep-alive, \(options.connections) connection\(plural) with one request in flight "
                + "each, \(Format.fixed(options.seconds, 1)) s per server after a \(Format.fixed(Self.warmup, 1)) s warm-up")

        let fixture = try measure(
            name: "acceptance-gate fixture", arguments: [options.binary, "fixture", "--ports", "auto"],
            expectedExit: 0
        ) { line in
            // READY origin=http://127.0.0.1:A foreign=http://127.0.0.1:B
            guard line.hasPrefix("READY origin=http://127.0.0.1:") else { return nil }
            return line.split(separator: " ").dropFirst().first?.split(separator: ":").last.flatMap { Int($0) }
        }
        let stock = try measure(
            name: "python3 http.server (stock)", arguments: ["/usr/bin/env", "python3", "-c", PythonBaseline.stock],
            expectedExit: nil, port: Self.pythonPort)
        let single = try measure(
            name: "python3 http.server (one write)",
            arguments: ["/usr/bin/env", "python3", "-c", PythonBaseline.singleWrite], expectedExit: nil,
            port: Self.pythonPort)

        let ratio = fixture.requestsPerSecond / stock.requestsPerSecond
        let fairRatio = fixture.requestsPerSecond / single.requestsPerSecond
        Output.line("ratio fixture / stock http.server: \(Format.fixed(ratio, 1))×")
        Output.line("ratio fixture / one-write http.server: \(Format.fixed(fairRatio, 1))×")
        let verdict = ratio >= Self.goalRatio ? "met" : "NOT met"
        Output.line("goal ≥ \(Format.fixed(Self.goalRatio, 0))× the stock http.server: \(verdict)")
        guard ratio >= Self.goalRatio else {
            throw BenchmarkFailure("the fixture reached \(Format.fixed(ratio, 1))× the stock http.server, below the goal")
        }
    }

    /// `PORT <n>`, as the python scripts print it.
    private static func pythonPort(_ line: String) -> Int? {
        guard line.hasPrefix("PORT ") else { return nil }
        return Int(line.dropFirst(5))
    }

    private func measure(
        name: String, arguments: [String], expectedExit: Int32?, port: (String) -> Int?
    ) throws(BenchmarkFailure) -> LoadResult {
        let server = try ServerProcess(name: name, arguments: arguments, port: port)
        let result: LoadResult
        do {
            result = try LoadGenerator(port: server.port, connections: options.connections)
                .run(seconds: options.seconds, warmup: Self.warmup)
        } catch {
            _ = try? server.stop()
            throw error
        }
        let exit = try server.stop()
        if let expectedExit, exit != expectedExit {
            throw BenchmarkFailure("\(name) exited with \(exit.map(String.init) ?? "a signal") after SIGTERM, not \(expectedExit)")
        }
        guard result.badResponses == 0, result.requests > 0 else {
            throw BenchmarkFailure("\(name): \(result.badResponses) of \(result.requests) responses were not 200 'ok'")
        }
        Output.line(
            "\(name): \(Format.fixed(result.requestsPerSecond, 0)) req/s, latency p50 "
                + "\(Self.microseconds(result.percentile(0.5))), p99 \(Self.microseconds(result.percentile(0.99))), "
                + "max \(Self.microseconds(result.percentile(1))) (\(result.requests) requests)")
        return result
    }

    private static func microseconds(_ value: Double) -> String {
        value >= 10_000 ? "\(Format.fixed(value / 1000, 1)) ms" : "\(Format.fixed(value, 0)) µs"
    }
}

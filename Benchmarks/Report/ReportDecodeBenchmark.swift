//===----------------------------------------------------------------------===//
// ReportDecodeBenchmark.swift: reading a large report.json, JSONDecoder against the strict path.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateReport

/// `Benchmarks report-decode`: encodes one large report as the gate writes it, then times, in this
/// process and alternating, `JSONDecoder` (the old `GateReport.decode`), `GateReport.decode` (the
/// strict ``JSONReader`` then ``JSONValueDecoder``, what `report render` and `verify` use since
/// #21), and ``JSONReader`` alone, so the share of the reader and of the decoder shows. Each result
/// is checked against the encoded report once.
struct ReportDecodeBenchmark {
    let options: ReportDecodeOptions

    func run() throws(BenchmarkFailure) {
        let report = Self.report(tests: options.tests)
        let bytes: [UInt8]
        do {
            bytes = try report.jsonBytes()
        } catch {
            throw BenchmarkFailure(error.description)
        }
        let data = Data(bytes)
        Output.line("report.json: \(options.tests) tests, \(Format.fixed(Double(bytes.count) / 1e6, 1)) MB")

        var old = Measurement(name: "JSONDecoder (before #21)", bytes: bytes.count)
        var strict = Measurement(name: "GateReport.decode (JSONReader + JSONValueDecoder)", bytes: bytes.count)
        var reader = Measurement(name: "  of which JSONReader.read alone", bytes: bytes.count)
        for run in 0..<options.repetitions {
            let first = try Stopwatch.time { () throws(BenchmarkFailure) in
                do {
                    return try JSONDecoder().decode(GateReport.self, from: data)
                } catch {
                    throw BenchmarkFailure("JSONDecoder: \(error)")
                }
            }
            old.samples.append(first.seconds)
            let second = try Stopwatch.time { () throws(BenchmarkFailure) in
                do throws(GateReportError) {
                    return try GateReport.decode(bytes, source: "report.json")
                } catch {
                    throw BenchmarkFailure(error.description)
                }
            }
            strict.samples.append(second.seconds)
            let third = try Stopwatch.time { () throws(BenchmarkFailure) in
                do throws(JSONReadError) {
                    return try JSONReader.read(bytes, limits: GateReport.readLimits)
                } catch {
                    throw BenchmarkFailure(error.description)
                }
            }
            reader.samples.append(third.seconds)
            if run == 0 {
                guard first.result == report else { throw BenchmarkFailure("JSONDecoder did not give the encoded report") }
                guard second.result == report else { throw BenchmarkFailure("GateReport.decode did not give the encoded report") }
            }
        }
        for measurement in [old, strict, reader] {
            let spread = measurement.samples.sorted().map { Format.fixed($0 * 1000, 0) }.joined(separator: "/")
            Output.line(
                "\(measurement.name): \(Format.fixed(measurement.median * 1000, 0)) ms, "
                    + "\(Format.fixed(Double(bytes.count) / measurement.median / 1e6, 0)) MB/s   (median of \(measurement.samples.count); ms: \(spread))"
            )
        }
        Output.line("ratio: GateReport.decode takes \(Format.fixed(strict.median / old.median, 2)) × JSONDecoder's time")
    }

    /// A report like a large monorepo's: `tests` tests in 4 suites, a tenth failed with a message.
    static func report(tests: Int) -> GateReport {
        let suites = (0..<4).map { suite in
            let range = stride(from: suite, to: tests, by: 4)
            return ReportSuite(
                name: "suite-\(suite)", kind: .xctest, command: ["swift", "test", "--filter", "Suite\(suite)"], status: .failed,
                exit: ReportExit(code: 1, signal: nil), durationSeconds: 123.456, log: "logs/suite-\(suite).log",
                tests: range.map { index in
                    let failed = index % 10 == 0
                    return ReportTest(
                        name: "Module\(index % 50)Tests.Case\(index % 700).test\(index)", status: failed ? .failed : .passed,
                        durationSeconds: Double(index % 1000) / 997,
                        message: failed ? "XCTAssertEqual failed: (\"\(index)\") is not equal to (\"0\")" : nil,
                        module: "Module\(index % 50)Tests", file: failed ? "Tests/Module\(index % 50)Tests/Case.swift" : nil,
                        line: failed ? index % 400 + 1 : nil)
                })
        }
        return GateReport(
            gateVersion: "0.1.0", verdict: .rejected, reasons: ["\(tests / 10) tests failed."], exitCode: 1,
            startedAt: "2025-01-01T00:00:00.000Z", finishedAt: "2025-01-01T00:10:00.000Z", suites: suites,
            logs: (0..<4).map { ReportLog(path: "logs/suite-\($0).log", size: 1 << 20, sha256: String(repeating: "ab", count: 32)) },
            stages: [ReportStage(name: "suites", status: .failed, durationSeconds: 600, detail: "4 of 4 suites failed")])
    }
}

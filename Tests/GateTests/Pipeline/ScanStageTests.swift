//===----------------------------------------------------------------------===//
// ScanStageTests.swift: a signal stops the leak scan inside a file, and the scan is then not clean.
//===----------------------------------------------------------------------===//

import Foundation
import GatePublishing
import GateReport
import GateTestSupport
import Testing
import TokenScan

@testable import Gate

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("the scan stage")
struct ScanStageTests {
    /// A folder with a small log, a 3 MiB one and another small one, removed by `deinit`.
    final class Logs {
        let scratch: ScratchFolder
        var folder: String { scratch.path }
        var logs: [(path: String, display: String)] {
            ["a.log", "big.log", "z.log"].map { (folder + "/" + $0, "logs/" + $0) }
        }

        init() throws {
            scratch = try ScratchFolder("scan-stage")
            let line = String(repeating: "compiling target step ", count: 3) + "\n"
            try Data("suite a ran\n".utf8).write(to: URL(fileURLWithPath: folder + "/a.log"))
            try Data(String(repeating: line, count: (3 << 20) / line.utf8.count + 1).utf8).write(
                to: URL(fileURLWithPath: folder + "/big.log"))
            try Data("suite z ran\n".utf8).write(to: URL(fileURLWithPath: folder + "/z.log"))
        }

        deinit { scratch.remove() }
    }

    private static let scanner = TokenScanner(
        configuration: ScanConfiguration(allow: [], fingerprintKey: ScanConfiguration.randomFingerprintKey()))

    @Test func aSignalInsideALargeFileStopsTheScanThereAndTheScanIsNotClean() throws {
        let logs = try Logs()
        var asked = 0
        // Nothing until the scan is a few chunks in (a.log takes three questions, big.log's
        // first chunks the next ones), then SIGINT, as the monitor would report it.
        let result = ScanStage.run(
            logs: logs.logs.map { ScanSource.path($0.path, display: $0.display) }, extraPaths: [], owners: [:], scanner: Self.scanner,
            interrupted: {
                asked += 1
                return asked > 6 ? SIGINT : nil
            })
        #expect(result.status == .aborted)
        #expect(Set(result.value.byFile.keys) == ["logs/a.log"], "only the file scanned whole counts as scanned")
        #expect(result.value.report.filesScanned == 1)
        let problem = try #require(result.problems.first)
        #expect(problem.code == .interrupted)
        #expect(problem.subject == .stage("scan"))
        #expect(problem.signal == Int(SIGINT))
        #expect(problem.sentence.hasPrefix("the leak scan was interrupted in logs/big.log after "), "\(problem.sentence)")
        #expect(!problem.sentence.contains("after 0 byte(s)"), "it stopped inside the file: \(problem.sentence)")
        #expect(problem.sentence.contains("with 1 of 3 file(s) scanned whole"))
        let decision = ReportDecision.decide(result.problems)
        #expect(decision.verdict == .aborted)
        #expect(decision.exitCode == 130)
    }

    @Test func withoutASignalEveryFileIsScannedWhole() throws {
        let logs = try Logs()
        let result = ScanStage.run(
            logs: logs.logs.map { ScanSource.path($0.path, display: $0.display) }, extraPaths: [], owners: [:], scanner: Self.scanner,
            interrupted: { nil })
        #expect(result.status == .passed)
        #expect(result.problems.isEmpty)
        #expect(Set(result.value.byFile.keys) == ["logs/a.log", "logs/big.log", "logs/z.log"])
    }
}

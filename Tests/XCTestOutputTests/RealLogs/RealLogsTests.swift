//===----------------------------------------------------------------------===//
// RealLogsTests.swift: the measure over every real log: verdicts, counts and names.
//===----------------------------------------------------------------------===//

import Testing
import XCTestOutput

/// The ratchet over the real logs in `../shared/testdata/reallogs-parse`: every log has a judged
/// truth, and the gate's reading of each must give its verdict (with the tool's real exit status
/// and with a masked one, 0), its number of tests and every name an expectation would use.
@Suite("real logs (../shared/testdata/reallogs-parse)", .enabled(if: RealLogs.available, "needs ../shared/testdata/reallogs-parse"))
struct RealLogsTests {
    /// What the measure found over a set of logs.
    struct Measure: CustomStringConvertible {
        var logs = 0
        var tests = 0
        var falseGreensRealExit: [String] = []
        var falseGreensExitZero: [String] = []
        var falseReds: [String] = []
        var countMismatches: [String] = []
        var namesMissed: [String] = []

        var description: String {
            "logs \(logs), tests \(tests): false greens \(falseGreensRealExit.count) (real exit status) / \(falseGreensExitZero.count) (exit 0),"
                + " false reds \(falseReds.count), count mismatches \(countMismatches.count), names missed \(namesMissed.count)"
        }

        /// Measures `truths`.
        init(_ truths: [RealLogTruth]) {
            for truth in truths {
                guard let reading = RealLogs.read(truth.path) else {
                    namesMissed.append("\(truth.path): unreadable")
                    continue
                }
                logs += 1
                tests += truth.tests
                if !truth.accepted, reading.accepted(exitCode: truth.exitCode) { falseGreensRealExit.append(truth.path) }
                if !truth.accepted, reading.accepted(exitCode: 0) { falseGreensExitZero.append(truth.path) }
                if truth.accepted, !reading.accepted(exitCode: 0) { falseReds.append(truth.path) }
                if reading.results.count != truth.tests {
                    countMismatches.append("\(truth.path): \(reading.results.count), not \(truth.tests)")
                }
                for name in truth.failed where reading.found(name)?.status != .failed {
                    namesMissed.append("\(truth.path): \(name) (failed)")
                }
                for name in truth.names where !reading.has(name) {
                    namesMissed.append("\(truth.path): \(name)")
                }
            }
        }
    }

    @Test("every log in the folder is judged once, or is in the held-out folder")
    func everyLogJudged() {
        let judged = (RealLogTruth.tuned + RealLogTruth.heldOut).map(\.path)
        #expect(Set(judged).count == judged.count)
        let logs = RealLogs.all().filter { !$0.hasSuffix("README.md") }
        #expect(Set(logs.filter { !$0.hasPrefix(RealLogTruth.heldOutFolder) }) == Set(RealLogTruth.tuned.map(\.path)))
        #expect(RealLogTruth.heldOut.allSatisfy { $0.path.hasPrefix(RealLogTruth.heldOutFolder) })
        #expect(Set(logs) == Set(judged))
    }

    @Test("the logs tuned on: no false green (real or masked exit status), no false red, every count and name right")
    func tuned() {
        let measure = Measure(RealLogTruth.tuned)
        print("reallogs-parse, tuned on: \(measure)")
        #expect(measure.logs == RealLogTruth.tuned.count)
        #expect(measure.falseGreensRealExit == [])
        #expect(measure.falseGreensExitZero == [])
        #expect(measure.falseReds == [])
        #expect(measure.countMismatches == [])
        #expect(measure.namesMissed == [])
    }

    @Test("the held-out logs (never looked at while tuning): the same measure")
    func heldOut() {
        let measure = Measure(RealLogTruth.heldOut)
        print("reallogs-parse, held out (\(RealLogTruth.heldOutFolder)): \(measure)")
        #expect(measure.logs == RealLogTruth.heldOut.count)
        #expect(measure.falseGreensRealExit == [])
        #expect(measure.falseGreensExitZero == [])
        #expect(measure.falseReds == [])
        #expect(measure.countMismatches == [])
        #expect(measure.namesMissed == [])
    }

    @Test("all 87 logs together")
    func all() {
        let measure = Measure(RealLogTruth.tuned + RealLogTruth.heldOut)
        print("reallogs-parse, all: \(measure)")
        #expect(measure.logs == 87)
    }
}

//===----------------------------------------------------------------------===//
// OutFolderTests.swift: the out folder never loses a file the gate did not write.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateConfig
import GatePublishing
import GateReport
import Testing

@Suite("the out folder")
struct OutFolderTests {
    private func suite() -> ConfigSuite {
        PipelineHarness.xctest("unit", PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])
    }

    @Test func aFolderWithSomeoneElsesFilesIsRefusedAndLeftAlone() throws {
        let harness = try PipelineHarness()
        try FileManager.default.createDirectory(atPath: harness.out, withIntermediateDirectories: true)
        try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: harness.out + "/notes.txt"))
        #expect(throws: GateRunError.outDirectoryForeign(path: harness.out + "/", entry: "notes.txt")) {
            try harness.run(harness.plan(suites: [suite()]))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.out) == ["notes.txt"], "nothing was written there")
        #expect(GateRunError.outDirectoryForeign(path: "x", entry: "y").exitStatus == .usage)
    }

    @Test func aDirectoryNamedLikeAnOutputSurvivesInTheGatesOwnFolder() throws {
        let harness = try PipelineHarness()
        #expect(try harness.run(harness.plan(suites: [suite()])).exitCode == 0)
        try FileManager.default.removeItem(atPath: harness.out + "/report.html")
        try FileManager.default.createDirectory(atPath: harness.out + "/report.html/mine", withIntermediateDirectories: true)
        #expect(throws: GateRunError.outDirectoryForeign(path: harness.out + "/", entry: "report.html")) {
            try harness.run(harness.plan(suites: [suite()]))
        }
        #expect(FileManager.default.fileExists(atPath: harness.out + "/report.html/mine"))
    }

    @Test func aSecondRunOnTheSameFolderFailsClearlyWhileTheFirstHoldsIt() throws {
        let harness = try PipelineHarness()
        let other = try PipelineHarness()
        // Longer than the second run's wait for the lock.
        let slow = PipelineHarness.xctest("slow", "sleep 6; " + PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])
        let done = DispatchSemaphore(value: 0)
        // The first run works on its own thread; only it touches `firstRun` until `done`.
        nonisolated(unsafe) let firstRun = harness
        nonisolated(unsafe) var firstCode: Int32?
        DispatchQueue(label: "first run").async {
            firstCode = try? firstRun.run(firstRun.plan(suites: [slow])).exitCode
            done.signal()
        }
        // Until the first run has its lock (its logs folder appears just after).
        let deadline = ContinuousClock.now + .seconds(10)
        while !FileManager.default.fileExists(atPath: harness.out + "/logs") && ContinuousClock.now < deadline {
            usleep(10_000)
        }
        #expect(throws: GateRunError.outDirectoryInUse(path: harness.out + "/")) {
            try other.run(other.plan(suites: [suite()], out: harness.out))
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(firstCode == 0, "the first run was not disturbed")
    }
}

@Suite("files that are not what they seem")
struct PlantedFileTests {
    @Test func aLinkASuitePlantsInLogsIsNeitherHashedNorListedNorKept() throws {
        let harness = try PipelineHarness()
        var suite = PipelineHarness.xctest(
            "unit", "ln -s /etc/passwd \"$OUT/logs/shadow.log\"; " + PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])
        suite.environment = ["OUT": harness.out]
        let outcome = try harness.run(harness.plan(suites: [suite]))
        // Something the change ran wrote into the out folder: that alone rejects the run.
        #expect(outcome.exitCode == 1, "\(outcome.report.reasons)")
        #expect(outcome.report.problems.map(\.code) == [.foreignOutput])
        #expect(!outcome.report.logs.map(\.path).contains("logs/shadow.log"))
        var info = stat()
        #expect(lstat(harness.out + "/logs/shadow.log", &info) != 0, "the planted link is gone")
    }

    @Test func aFIFOInScanPathsIsRefusedAtOnceNeverWaitedOn() throws {
        let harness = try PipelineHarness()
        let fifo = harness.root + "/evidence.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        var plan = harness.plan(suites: [PipelineHarness.xctest("unit", PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])])
        plan.configuration.scan.paths = [fifo]
        let started = ContinuousClock.now
        let outcome = try harness.run(plan)
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(outcome.report.problems.map(\.code) == [.scanUnreadable])
        #expect(outcome.report.reasons.first?.contains("FIFO") == true, "\(outcome.report.reasons)")
        #expect(outcome.exitCode == 3)
    }
}

//===----------------------------------------------------------------------===//
// RunCaptures.swift: every capture of a run, made before any code of the change runs.
//===----------------------------------------------------------------------===//

import GateConfig
import GatePublishing
import GateReport

/// Every file a run captures evidence in, made at once in a fresh folder before any code of the
/// change runs: a FIFO or a link planted for a later suite's log is impossible, not just refused.
struct RunCaptures {
    /// The folder they live in (each file unlinked as soon as it is made).
    let folder: CaptureFolder
    /// The fixture's log, when there is a fixture.
    let fixtureLog: CaptureFile?
    /// The fixture's ledger as read back from its log, when there is a fixture.
    let fixtureLedger: CaptureFile?
    /// Each suite's captures, in the configuration's order.
    let suites: [SuiteCaptures]
    /// The file of the shard's test names a runner the gate does not know reads
    /// (``RunnerTestSelection/testsFileVariable``), when the run follows a shard plan.
    let testsFile: String?

    /// The captures `configuration` needs.
    /// - Throws: ``GateRunError`` when a capture cannot be made.
    init(for configuration: GateConfiguration, shardTests: RunnerTestSelection? = nil) throws(GateRunError) {
        let folder = try CaptureFolder()
        self.folder = folder
        fixtureLog = try configuration.fixture.map { _ throws(GateRunError) in try folder.create("fixture.log") }
        fixtureLedger = try configuration.fixture.map { _ throws(GateRunError) in try folder.create("fixture-ledger.json") }
        var suites: [SuiteCaptures] = []
        for suite in configuration.suites {
            let xcresult = try suite.xcresult.map { _ throws(GateRunError) in try folder.create("\(suite.name).xcresult.json") }
            var attempts: [CaptureFile] = []
            for attempt in suite.kind == .xctest ? Array(0..<suite.retryFailedTests) : [] {
                attempts.append(try folder.create(ReportSuite.attemptCaptureName(of: suite.name, attempt: attempt + 1)))
            }
            suites.append(
                SuiteCaptures(log: try folder.create("\(suite.name).log"), xcresult: xcresult, attempts: attempts, folder: folder))
        }
        self.suites = suites
        testsFile = try shardTests.map { selection throws(GateRunError) in try folder.keep("shard-tests.txt", selection.testsFileBytes) }
    }
}

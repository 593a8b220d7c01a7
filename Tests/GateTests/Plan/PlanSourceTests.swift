//===----------------------------------------------------------------------===//
// PlanSourceTests.swift: what `plan` reads: real signed out folders, JUnit files, the test list.
//===----------------------------------------------------------------------===//

import Foundation
import GateArchive
import GateDigest
import GateReport
import GateSigning
import GateTestSupport
import Testing

@Suite("plan sources", .serialized)
struct PlanSourceTests {
    /// A real signed out folder: the matrix harness's pipeline runs one xctest suite whose tests
    /// print the given durations, signed with the harness key.
    private func timedRun(_ matrix: MatrixHarness, _ name: String, tests: [(String, Double)]) throws -> String {
        let lines = tests.map { test, seconds in
            "echo \"Test Case '\(test)' started at 2026-11-29 20:00:00.000\"; echo \"Test Case '\(test)' passed (\(String(format: "%.3f", seconds)) seconds)\""
        }
        let script = (lines + [PipelineHarness.summary(tests.count, failures: 0)]).joined(separator: "; ")
        var plan = matrix.pipeline.plan(
            suites: [PipelineHarness.xctest("unit", script)], keyFile: matrix.keyPaths.privateKeyPath, out: matrix.folder(name))
        plan.loaded.bytes = Array(MatrixHarness.configuration.utf8)
        let outcome = try matrix.pipeline.run(plan)
        #expect(outcome.report.verdict == .accepted, "\(outcome.report.reasons)")
        return matrix.folder(name)
    }

    @Test("a real signed out folder verifies and gives each test's duration; its report.json digest is the signed one")
    func signedFolder() throws {
        let matrix = try MatrixHarness()
        let folder = try timedRun(matrix, "one", tests: [("A.testSlow", 2.5), ("A.testFast", 0.01), ("B.testMid", 1)])
        let source = try PlanSource.read(folder, publicKey: matrix.key.publicKey)
        #expect(source.input.kind == PlanInput.signedReport)
        #expect(source.tests == ["A.testSlow", "A.testFast", "B.testMid"])
        #expect(source.durations.map(\.name) == source.tests)
        #expect(source.durations.map(\.seconds) == [2.5, 0.01, 1])
        let bytes = try #require(FileManager.default.contents(atPath: folder + "/report.json"))
        #expect(source.input.sha256 == SHA256.hash(Array(bytes)).hex)
        // Without a key the same folder is read unverified, and says so by its kind.
        #expect(try PlanSource.read(folder, publicKey: nil).input.kind == PlanInput.report)
    }

    @Test("a folder signed by another key, or altered after signing, does not verify and is exit 1")
    func unverified() throws {
        let matrix = try MatrixHarness()
        let folder = try timedRun(matrix, "one", tests: [("A.testOne", 1)])
        let other = try SigningKey.generate()
        #expect {
            try PlanSource.read(folder, publicKey: other.publicKey)
        } throws: { error in
            guard let error = error as? ShardPlanError, case .unverified = error else { return false }
            return error.exitStatus == .failure
        }
        // A faster duration written into report.json after signing: the digest no longer holds.
        let path = folder + "/report.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"durationSeconds\" : 1,", with: "\"durationSeconds\" : 0.001,")
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try String(contentsOfFile: path, encoding: .utf8) != text)
        #expect(throws: ShardPlanError.self) { try PlanSource.read(folder, publicKey: matrix.key.publicKey) }
    }

    @Test("JUnit: cases named Class.name from the classname's last part, skipped and the gate's own cases give no duration")
    func junit() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="acceptance-gate"><testsuite name="unit">
            <testcase classname="App.LoginTests" name="testSlow" time="12.5"/>
            <testcase classname='LoginTests' name="testQuote&amp;s" time="0.250"></testcase>
            <testcase classname="App.LoginTests" name="testSkipped" time="0"><skipped message="no"/></testcase>
            <testcase classname="App.LoginTests" name="testNaN" time="nan"/>
            <testcase classname="acceptance-gate" name="verdict" time="0"/>
            </testsuite></testsuites>
            """
        let cases = try JUnitTimingReader.cases(in: Array(xml.utf8), path: "j.xml")
        #expect(cases.map(\.name) == ["LoginTests.testSlow", "LoginTests.testQuote&s", "LoginTests.testSkipped", "LoginTests.testNaN"])
        #expect(cases.map(\.skipped) == [false, false, true, false])
        #expect(cases.map(\.module) == ["App", nil, "App", "App"])
        #expect(cases[0].seconds == 12.5)
        var history = TestTimings()
        history.add(run: cases.compactMap { item in item.skipped ? nil : item.seconds.map { (name: item.name, seconds: $0) } })
        #expect(history.seconds(of: "LoginTests.testNaN") == nil)
        #expect(history.seconds(of: "LoginTests.testSkipped") == nil)
        #expect(history.seconds(of: "LoginTests.testSlow") == 12.5)
    }

    @Test(
        "hostile JUnit is refused with the line, never a trap",
        arguments: [
            ("<testcase name=\"a\" name=\"b\"/>", "twice"), ("<testcase name=\"a", "never closes"), ("<testcase name=a/>", "quoted"),
            ("<testcase name=\"&bogus;\"/>", "unknown entity"), ("\n\n<testcase name=\"&#0;\"/>", "line 3"),
            ("<testcase name=\"a<b\"/>", "'<'"), ("<testcase", "never ends"),
        ])
    func hostileJUnit(xml: String, said: String) {
        #expect {
            try JUnitTimingReader.cases(in: Array(xml.utf8), path: "bad.xml")
        } throws: { error in
            "\(error)".contains(said) && "\(error)".contains("bad.xml")
        }
        #expect(throws: ShardPlanError.self) { try JUnitTimingReader.cases(in: [0xFF, 0xFE], path: "bad.xml") }
    }

    @Test("the --tests list: blank lines and CRs dropped, repeats counted once, control characters refused with the line")
    func testList() throws {
        let list = try PlanTestList.parse(Array("A.one\r\n\n  B.two \nA.one\n".utf8), path: "t.txt")
        #expect(list.names == ["A.one", "B.two"])
        #expect(list.duplicates == 1)
        #expect(throws: ShardPlanError.badTestName(path: "t.txt", line: 2, reason: "it holds a control character")) {
            try PlanTestList.parse(Array("A.one\nB\u{1B}[2J\n".utf8), path: "t.txt")
        }
        #expect(throws: ShardPlanError.self) { try PlanTestList.parse([0x41, 0xC3], path: "t.txt") }
        #expect(throws: ShardPlanError.self) { try PlanTestList.read("/nonexistent/t.txt") }
    }
}

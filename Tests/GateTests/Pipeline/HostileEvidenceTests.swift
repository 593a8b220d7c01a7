// HostileEvidenceTests.swift
//
// What the code under test can do to the evidence the gate reads back, tried as a hostile change
// would try it: every attack here bent the verdict or what people read before the gate was
// changed, and each test checks the attack is now seen.

import Foundation
import Gate
import GateReport
import GateTestSupport
import Testing

@Suite("evidence the code under test cannot bend")
struct HostileEvidenceTests {
    @Test func oneNULByteInASuitesOutputDoesNotSwitchTheScanOffForItsLog() throws {
        let harness = try PipelineHarness()
        let token = FakeGitHubToken.make(seed: 91)
        let script = "printf 'bin\\000ary\\n'; echo \"token $LEAK\"; " + PipelineHarness.passing(["A.testOne"])
        var suite = PipelineHarness.xctest("unit", script)
        suite.environment = ["LEAK": token]
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.verdict == .rejected)
        #expect(outcome.report.problems.map(\.code) == [.leak], "\(outcome.report.problems)")
        #expect(outcome.report.scan?.findings.map(\.file) == ["logs/unit.log"])
        let archived = try #require(FileManager.default.contents(atPath: harness.out + "/logs/unit.log"))
        #expect(archived.contains(0), "the archived log keeps its bytes, the token aside")
        #expect(String(decoding: archived, as: UTF8.self).contains("token [REDACTED github-token "))
        for (name, text) in harness.outputs() {
            #expect(!text.contains(String(token.suffix(20))), "\(name) holds the token")
        }
    }
}

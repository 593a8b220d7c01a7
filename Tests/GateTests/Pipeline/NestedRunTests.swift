// NestedRunTests.swift
//
// A run started inside another run of the gate is refused (#34): either sign is enough, and the
// gate gives every suite the variable, whatever the configuration says.

import Foundation
import GateTestSupport
import Testing

@testable import Gate

@Suite("nested run")
struct NestedRunTests {
    @Test func theVariableAloneIsEnough() {
        let nested = NestedRun(environment: ["ACCEPTANCE_GATE_RUN": "1"], readInitName: { "systemd\n" })
        #expect(nested.refusal() == .nestedRun(sign: "ACCEPTANCE_GATE_RUN is set"))
        #expect(nested.refusal()?.exitStatus == .usage)
        #expect(NestedRun(environment: ["ACCEPTANCE_GATE_RUN": ""], readInitName: { nil }).refusal() == nil, "set but empty")
    }

    @Test func theSuiteDomainsInitAloneIsEnough() {
        let nested = NestedRun(environment: [:], readInitName: { "ag-suite-domain\n" })
        #expect(nested.refusal() == .nestedRun(sign: "PID 1 is the suite domain's ag-suite-domain"))
        let message = nested.refusal()?.description ?? ""
        #expect(message.hasPrefix("refusing to run inside another acceptance-gate run") && !message.contains("\n"))
        for other in ["systemd\n", "ag-suite-domain-x\n", "init", "", "tini\nag-suite-domain\n"] {
            #expect(NestedRun(environment: [:], readInitName: { other }).refusal() == nil, "\(other)")
        }
    }

    @Test func theRealReaderReadsPIDOnesNameOnLinux() {
        #if os(Linux)
            let name = NestedRun.procInitName()
            #expect(name?.isEmpty == false && name?.hasSuffix("\n") == true, "\(name ?? "unreadable")")
        #else
            #expect(NestedRun.procInitName() == nil)
        #endif
    }

    @Test func everySuiteGetsTheVariableEvenWhenItsConfigurationClearsIt() throws {
        let harness = try PipelineHarness()
        var suite = PipelineHarness.xctest("unit", "test \"$ACCEPTANCE_GATE_RUN\" = 1 && " + PipelineHarness.passing(["A.t"]))
        suite.environment = ["ACCEPTANCE_GATE_RUN": ""]
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 0, "\(outcome.report.problems)")
        #expect(outcome.report.suites.first?.status == .passed)
    }
}

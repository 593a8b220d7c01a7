//===----------------------------------------------------------------------===//
// ChildEnvironmentTests.swift: every child of a run gets the gate's variables without its secrets.
//===----------------------------------------------------------------------===//

import Foundation
import GateConfig
import GateSigning
import Testing
import TokenScan

@testable import Gate

@Suite("the children's environment")
struct ChildEnvironmentTests {
    /// A fresh key's private PEM text (as a CI secret holds it).
    private func privatePEM(_ harness: PipelineHarness) throws -> String {
        let paths = try SigningKey.generate().writePEMFiles(prefix: harness.root + "/k\(UInt32.random(in: 0...UInt32.max))")
        return try String(contentsOfFile: paths.privateKeyPath, encoding: .utf8)
    }

    @Test func theChildrenGetTheGatesVariablesWithoutItsSecretsOrTheCIRunnersFiles() throws {
        let harness = try PipelineHarness()
        let pem = try privatePEM(harness)
        let fingerprint = String((0..<32).map { _ in "0123456789abcdef".randomElement() ?? "0" })
        let gate = [
            "PATH": "/usr/bin:/bin", "TEAM_SETTING": "kept", "GITHUB_ACTIONS": "true", ConfigSigning.keyVariable: pem,
            "COPIED_KEY": pem, ScanConfiguration.fingerprintKeyVariable: fingerprint, "GITHUB_ENV": harness.root + "/env",
            "GITHUB_STEP_SUMMARY": harness.root + "/summary", NestedRun.variable: "0",
        ]
        let children = ChildEnvironment(plan: harness.plan(suites: []), gate: gate)
        #expect(
            children.variables == [
                "PATH": "/usr/bin:/bin", "TEAM_SETTING": "kept", "GITHUB_ACTIONS": "true", NestedRun.variable: "1",
            ])
    }

    @Test func theToolchainProbeIsAChildAndGetsTheChildrensVariables() throws {
        let harness = try PipelineHarness()
        harness.extraVariables = [ConfigSigning.keyVariable: try privatePEM(harness), "GITHUB_OUTPUT": harness.root + "/output"]
        let seen = harness.root + "/probe-saw"
        var environment = harness.environment
        environment.swiftCommand = [
            "sh", "-c", "env > '\(seen)'; echo 'Swift version 6.3.1 (swift-6.3.1-RELEASE)'; echo 'Target: x86_64-unknown-linux-gnu'",
        ]
        let result = StampStage.run(context: RunContext(plan: harness.plan(suites: []), environment: environment))
        #expect(result.problems.isEmpty, "\(result.problems.map(\.sentence))")
        #expect(result.value.toolchain != nil)
        let lines = try String(contentsOfFile: seen, encoding: .utf8).split(separator: "\n")
        #expect(lines.contains("\(NestedRun.variable)=1"))
        #expect(!lines.contains { $0.hasPrefix(ConfigSigning.keyVariable + "=") || $0.hasPrefix("GITHUB_OUTPUT=") }, "\(lines)")
        #expect(lines.contains("HOME=\(harness.root)"), "the gate's other variables reach it")
    }
}

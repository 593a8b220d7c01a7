//===----------------------------------------------------------------------===//
// SimulatorEnvironmentTests.swift: an xcodebuild suite's simulator is chosen when it starts.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateReport
import Testing

@Suite("the iOS simulator of a suite, resolved at run time")
struct SimulatorEnvironmentTests {
    static let script = "echo \"destination=$ACCEPTANCE_GATE_IOS_SIMULATOR\"; " + PipelineHarness.passing(["A.testOne"])

    @Test("without simctl (Linux, no Xcode) the suite does not start: exit 3, naming the tool")
    func missingTool() throws {
        let harness = try PipelineHarness()
        let suite = PipelineHarness.xctest("ios", Self.script, expect: ["A.testOne"])
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.problems.map(\.code) == [.suiteDidNotRun])
        let sentence = try #require(outcome.report.problems.first?.sentence)
        #expect(sentence.contains("'xcrun simctl' could not run"))
        #expect(sentence.contains("$ACCEPTANCE_GATE_IOS_SIMULATOR"))
    }

    @Test("simctl's newest iPhone is the destination the suite sees; none listed is exit 3 saying so")
    func chosenFromSimctl() throws {
        let harness = try PipelineHarness()
        let tools = harness.root + "/tools"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        let json =
            #"{"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-17-5": [{"name": "iPhone 15", "isAvailable": true}], "#
            + #""com.apple.CoreSimulator.SimRuntime.iOS-18-2": [{"name": "iPhone 16 Pro", "isAvailable": true}]}}"#
        try "#!/bin/sh\necho '\(json)'\n".write(toFile: tools + "/xcrun", atomically: true, encoding: .utf8)
        #expect(chmod(tools + "/xcrun", 0o755) == 0)
        harness.extraVariables["PATH"] = tools + ":/usr/bin:/bin"
        let outcome = try harness.run(harness.plan(suites: [PipelineHarness.xctest("ios", Self.script, expect: ["A.testOne"])]))
        #expect(outcome.exitCode == 0)
        let log = harness.outputs()["logs/ios.log"] ?? ""
        #expect(log.contains("destination=platform=iOS Simulator,name=iPhone 16 Pro\n"))

        // A destination the team set stands; simctl is not asked.
        var pinned = PipelineHarness.xctest("ios", Self.script, expect: ["A.testOne"])
        pinned.environment["ACCEPTANCE_GATE_IOS_SIMULATOR"] = "platform=iOS Simulator,name=iPhone SE (3rd generation)"
        try "#!/bin/sh\nexit 7\n".write(toFile: tools + "/xcrun", atomically: true, encoding: .utf8)
        #expect(chmod(tools + "/xcrun", 0o755) == 0)
        let kept = try harness.run(harness.plan(suites: [pinned]))
        #expect(kept.exitCode == 0, "\(kept.report.reasons)")
        #expect((harness.outputs()["logs/ios.log"] ?? "").contains("destination=platform=iOS Simulator,name=iPhone SE (3rd generation)\n"))

        try "#!/bin/sh\necho '{\"devices\": {}}'\n".write(toFile: tools + "/xcrun", atomically: true, encoding: .utf8)
        #expect(chmod(tools + "/xcrun", 0o755) == 0)
        let empty = try harness.run(harness.plan(suites: [PipelineHarness.xctest("ios", Self.script, expect: ["A.testOne"])]))
        #expect(empty.exitCode == 3)
        #expect(empty.report.problems.contains { $0.code == .suiteDidNotRun && $0.sentence.contains("lists no iPhone simulator") })
    }

    @Test("a suite that does not name the variable never asks simctl")
    func onlyWhenNamed() throws {
        let harness = try PipelineHarness()
        let outcome = try harness.run(
            harness.plan(suites: [PipelineHarness.xctest("plain", PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])]))
        #expect(outcome.exitCode == 0)
    }
}

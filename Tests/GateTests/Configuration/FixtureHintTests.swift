//===----------------------------------------------------------------------===//
// FixtureHintTests.swift: the port-in-use advice names what `run` takes, not a `fixture` option.
//===----------------------------------------------------------------------===//

import Testing

@testable import Gate
@testable import GateConfig

@Suite("fixture hints worded for run")
struct FixtureHintTests {
    @Test("a taken port: the fixture's line is recognised, and run's advice names the configuration, not --ports")
    func portInUse() {
        let line = "acceptance-gate: port 8765 on 127.0.0.1 is already in use; stop what is using it or pass --ports auto"
        #expect(ConfigFixture.portInUse(inFixtureLine: line) == 8765)
        #expect(ConfigFixture.portInUse(inFixtureLine: "READY origin=http://127.0.0.1:1 foreign=http://127.0.0.1:2") == nil)
        #expect(ConfigFixture.portInUse(inFixtureLine: "port 99999999 on 127.0.0.1 is already in use") == nil)
        let advice = ConfigFixture.portInUseAdvice(port: 8765)
        #expect(advice.contains("\"ports\": \"auto\"") && advice.contains("acceptance-gate.json"))
        #expect(!advice.contains("--ports"))
    }
}

//===----------------------------------------------------------------------===//
// UnrunTestCheckEnvironmentTests.swift: the package read after a suite gets the suite's environment.
//===----------------------------------------------------------------------===//

import GateConfig
import GateProcess
import GateTestSupport
import Testing

@testable import Gate
@testable import XCTestOutput

/// The read of a `swift test` suite's package (``UnrunTestCheck``) runs `swift package
/// dump-package`, which runs the change's `Package.swift`: it gets the suite's environment (the
/// children's, without the signing key), never the gate's own, which it had by default.
@Suite("unrun test check environment")
struct UnrunTestCheckEnvironmentTests {
    @Test func thePackageReadGetsTheSuitesEnvironmentNotTheGates() throws {
        try ScratchFolder.with("unrun-env") { scratch in
            // A stand-in `swift` that records the environment it was given and fails the read.
            try scratch.write("#!/bin/sh\nenv > \"$(dirname \"$0\")/seen.env\"\nexit 1\n", to: "swift", mode: 0o700)
            let suite = ConfigSuite(name: "unit", kind: .xctest, command: [scratch.file("swift"), "test"])
            let variables = ["PATH": "/usr/bin:/bin", "ONLY_THE_SUITES": "1", NestedRun.variable: "1"]
            let outcome = UnrunTestCheck.check(
                plan: suite, results: [TestResult(name: "C.t", status: .passed)], directory: scratch.path, variables: variables,
                supervisor: ProcessSupervisor(), domain: nil, compare: true)
            #expect(outcome?.skipped?.hasPrefix("the package's declared tests were not compared") == true, "\(String(describing: outcome))")
            let seen = Set((scratch.text("seen.env") ?? "").split(separator: "\n").map(String.init))
            #expect(seen.contains("ONLY_THE_SUITES=1"), "\(seen.sorted())")
            #expect(seen.contains("\(NestedRun.variable)=1"), "a gate the manifest starts knows it is nested")
            // Nothing of the test process's own environment (the gate's, in a run) reaches it.
            let own = ProcessSpec.currentEnvironment.keys.filter { variables[$0] == nil && $0 != "PWD" && $0 != "SHLVL" && $0 != "_" }
            #expect(own.allSatisfy { name in !seen.contains { $0.hasPrefix(name + "=") } }, "\(seen.sorted())")
        }
    }
}

//===----------------------------------------------------------------------===//
// AdoptionSuite.swift: the one xctest suite `init` writes: the project's whole test run.
//===----------------------------------------------------------------------===//

import GateConfig

/// The `xctest` suite of the configuration `init` writes. It runs the project's whole test run
/// (`swift test`, or `xcodebuild test` for an Xcode project), not just the redirect tests, so a
/// failing project test rejects; the redirect tests are among its expected tests, so they must
/// run and pass too.
package struct AdoptionSuite: Equatable, Sendable {
    /// The suite's name in the configuration and its log (`logs/tests.log`).
    package static let name = "tests"
    /// Where `xcodebuild` writes its result bundle (relative to the repository; removed first,
    /// since `xcodebuild` refuses to overwrite one). Outside the report folder that CI uploads: a
    /// bundle keeps the console output and attachments raw, so a token a test prints would be
    /// published there although `logs/` redacts it. The gate reads it where it is written.
    package static let resultBundlePath = GitIgnoreEntries.resultBundleFolder + "TestResults.xcresult"

    /// The argv.
    package var command: [String]
    /// The tests (`Class.test`) that must run and pass.
    package var expectTests: [String]
    /// The result bundle the gate reads after the suite (`results.xcresult`), `nil` for none.
    package var xcresult: String?

    /// Creates a suite.
    package init(command: [String], expectTests: [String], xcresult: String? = nil) {
        self.command = command
        self.expectTests = expectTests
        self.xcresult = xcresult
    }

    /// `swift test`: every test of the package. With `testDiscovery`, `--enable-test-discovery`
    /// makes SwiftPM ignore an old `Tests/LinuxMain.swift` that does not list the redirect tests.
    package static func swiftPackage(expectTests: [String], testDiscovery: Bool = false) -> AdoptionSuite {
        AdoptionSuite(command: ["swift", "test"] + (testDiscovery ? ["--enable-test-discovery"] : []), expectTests: expectTests)
    }

    /// `xcodebuild test` through `sh -c`, which hands the fixture URLs to the test runner as
    /// `TEST_RUNNER_` variables (xcodebuild passes those, without the prefix, to the tests), with
    /// the flags CI needs: no macro or plugin trust prompts, and a result bundle outside the report
    /// folder, which the gate reads. The `-destination` is `$ACCEPTANCE_GATE_IOS_SIMULATOR`, which
    /// the gate sets from what `simctl` lists on the machine that runs the suite (a destination
    /// frozen now would name this Mac's simulator, which a CI runner may not have).
    ///
    /// - Parameters:
    ///   - container: the workspace or project, `nil` when the folder holds one xcodebuild finds itself.
    ///   - scheme: the scheme.
    ///   - expectTests: the tests that must pass.
    package static func xcode(container: XcodeContainer?, scheme: String, expectTests: [String]) -> AdoptionSuite {
        let quoted = { (arguments: [String]) in arguments.map(AdoptionConfiguration.shellQuoted).joined(separator: " ") }
        let script =
            "rm -rf \(AdoptionConfiguration.shellQuoted(resultBundlePath)) && "
            + "TEST_RUNNER_ACCEPTANCE_GATE_ORIGIN_URL=\"$ACCEPTANCE_GATE_ORIGIN_URL\" "
            + "TEST_RUNNER_ACCEPTANCE_GATE_FOREIGN_URL=\"$ACCEPTANCE_GATE_FOREIGN_URL\" "
            + "exec " + quoted(["xcodebuild", "test"] + (container?.arguments ?? []) + ["-scheme", scheme, "-destination"])
            + " \"${\(ConfigSuite.simulatorVariable):?is set by acceptance-gate run}\" "
            + quoted(["-skipMacroValidation", "-skipPackagePluginValidation", "-resultBundlePath", resultBundlePath])
        return AdoptionSuite(command: ["sh", "-c", script], expectTests: expectTests, xcresult: resultBundlePath)
    }
}

//===----------------------------------------------------------------------===//
// AdoptionConfigurationTests.swift: the acceptance-gate.json init writes passes the gate's own decoder.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateAdoption
import GateConfig
import Testing

@Suite("init's configuration through GateConfiguration")
struct AdoptionConfigurationTests {
    static let suites: [AdoptionSuite] = [
        .swiftPackage(expectTests: AdoptionConfiguration.expectedTests),
        .swiftPackage(expectTests: AdoptionConfiguration.expectedTests, testDiscovery: true),
        .xcode(container: .workspace("Shop.xcworkspace"), scheme: "Shop's App", expectTests: AdoptionConfiguration.expectedTests),
    ]

    @Test("GateConfiguration.parse accepts it: the whole test run gated, the origin paths expected", arguments: [false, true])
    func parses(_ frames: Bool) throws {
        for suite in Self.suites {
            let text = AdoptionConfiguration.json(suite: suite, frames: frames)
            let configuration = try GateConfiguration.parse(Array(text.utf8), file: "acceptance-gate.json")
            #expect(configuration.fixture?.launch == .builtinRedirect)
            #expect(configuration.fixture?.ports == .automatic)
            #expect(configuration.fixture?.expectForeignRequests == 0)
            #expect(configuration.fixture?.expectOriginPaths == ["/same", "/start", "/target"])
            #expect(configuration.suites.map(\.kind) == (frames ? [.xctest, .frames] : [.xctest]))
            let tests = try #require(configuration.suites.first)
            #expect(tests.name == "tests")
            #expect(tests.command == suite.command)
            #expect(tests.expectTests == AdoptionConfiguration.expectedTests)
            #expect(tests.xcresult == suite.xcresult, "the gate reads the bundle the suite writes")
            #expect(configuration.signing.keyFile == nil, "no key file is looked for in the repository")
        }
    }

    @Test("swift test runs every test of the package, with no filter")
    func wholeRun() {
        #expect(AdoptionSuite.swiftPackage(expectTests: []).command == ["swift", "test"])
        #expect(AdoptionSuite.swiftPackage(expectTests: [], testDiscovery: true).command == ["swift", "test", "--enable-test-discovery"])
    }

    @Test("xcodebuild: container, scheme quoted, CI flags, result bundle removed first, TEST_RUNNER_ variables, no -only-testing")
    func xcode() throws {
        let suite = try #require(Self.suites.last)
        #expect(suite.command.count == 3 && suite.command.first == "sh")
        let script = try #require(suite.command.last)
        #expect(script.hasPrefix("rm -rf '.acceptance-gate-results/TestResults.xcresult' && "))
        let destination = "'-destination' \"${ACCEPTANCE_GATE_IOS_SIMULATOR:?is set by acceptance-gate run}\" "
        #expect(script.contains(destination + "'-skipMacroValidation'"))
        #expect(suite.xcresult == ".acceptance-gate-results/TestResults.xcresult")
        #expect(script.contains("TEST_RUNNER_ACCEPTANCE_GATE_ORIGIN_URL=\"$ACCEPTANCE_GATE_ORIGIN_URL\""))
        #expect(script.contains("exec 'xcodebuild' 'test' '-workspace' 'Shop.xcworkspace' '-scheme' 'Shop'\\''s App' "))
        #expect(script.contains("'-skipMacroValidation' '-skipPackagePluginValidation' '-resultBundlePath'"))
        #expect(!script.contains("only-testing"))
    }

    @Test("the decoder is strict, so the test above can fail: an unknown key is refused")
    func strict() throws {
        let suite = try #require(Self.suites.first)
        let text = AdoptionConfiguration.json(suite: suite, frames: false)
            .replacingOccurrences(of: "\"stopGraceSeconds\"", with: "\"stopGraceSecs\"")
        #expect(throws: ConfigurationError.self) { try GateConfiguration.parse(Array(text.utf8), file: "acceptance-gate.json") }
    }
}

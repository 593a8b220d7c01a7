//===----------------------------------------------------------------------===//
// AdoptionConfigurationTests.swift: the acceptance-gate.json init writes passes the gate's own decoder.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import Testing

@Suite("init's configuration through GateConfiguration")
struct AdoptionConfigurationTests {
    @Test("GateConfiguration.parse accepts it, for a package and for --ios", arguments: [false, true])
    func parses(_ ios: Bool) throws {
        let text = AdoptionConfiguration.json(target: "ShopTests", scheme: "Shop's App", ios: ios)
        let configuration = try GateConfiguration.parse(Array(text.utf8), file: "acceptance-gate.json")
        #expect(configuration.fixture?.launch == .builtinRedirect)
        #expect(configuration.fixture?.ports == .auto)
        #expect(configuration.fixture?.expectForeignRequests == 0)
        #expect(configuration.suites.map(\.kind) == [.xctest, .frames])
        let redirect = try #require(configuration.suites.first)
        #expect(redirect.name == "redirect-boundary")
        #expect(redirect.command == AdoptionConfiguration.suiteCommand(target: "ShopTests", scheme: "Shop's App", ios: ios))
        #expect(redirect.expectTests == AdoptionConfiguration.expectedTests)
        #expect(configuration.suites.last?.decoder == .builtin)
    }

    @Test("the decoder is strict, so the test above can fail: an unknown key is refused")
    func strict() {
        let text = AdoptionConfiguration.json(target: "ShopTests", scheme: "Shop", ios: false)
            .replacingOccurrences(of: "\"stopGraceSeconds\"", with: "\"stopGraceSecs\"")
        #expect(throws: ConfigurationError.self) { try GateConfiguration.parse(Array(text.utf8), file: "acceptance-gate.json") }
    }
}

//===----------------------------------------------------------------------===//
// SelfCheckNoticeTests.swift: run says when it falls back to the gate's own self-check.
//===----------------------------------------------------------------------===//

import Foundation
import GateAdoption
import Testing

@testable import Gate
@testable import GateConfig

@Suite("the built-in self-check, named")
struct SelfCheckNoticeTests {
    @Test("no file outside the gate's repository: the self-check, said, pointing at init")
    func elsewhere() throws {
        let folder = try AdoptionTestSupport.scratchFolder("selfcheck")
        defer { AdoptionTestSupport.remove(folder) }
        try AdoptionTestSupport.put("// swift-tools-version:5.9\n", at: "Package.swift", in: folder)
        let loaded = try GateConfiguration.load(path: nil, repositoryRoot: folder)
        #expect(loaded.isBuiltInSelfCheck)
        #expect(loaded.displayName == "the built-in self-check (no acceptance-gate.json)")
        let notice = try #require(loaded.selfCheckNotice(repositoryRoot: folder))
        #expect(notice.contains("using the built-in self-check") && notice.contains("acceptance-gate init"))
        #expect(!LoadedConfiguration.isGateRepository(folder))
    }

    @Test("the gate's own repository: the self-check without the notice")
    func ownRepository() throws {
        let root = AdoptionTestSupport.repositoryRoot.path
        #expect(LoadedConfiguration.isGateRepository(root))
        let empty = try AdoptionTestSupport.scratchFolder("empty")
        defer { AdoptionTestSupport.remove(empty) }
        let loaded = try GateConfiguration.load(path: nil, repositoryRoot: empty)
        #expect(loaded.selfCheckNotice(repositoryRoot: root) == nil)
    }

    @Test("a configuration file: named as given, never the notice")
    func file() throws {
        let folder = try AdoptionTestSupport.scratchFolder("file")
        defer { AdoptionTestSupport.remove(folder) }
        let text = AdoptionConfiguration.json(suite: .swiftPackage(expectTests: []), frames: false)
        try AdoptionTestSupport.put(text, at: "acceptance-gate.json", in: folder)
        let loaded = try GateConfiguration.load(path: nil, repositoryRoot: folder)
        #expect(!loaded.isBuiltInSelfCheck)
        #expect(loaded.displayName.hasSuffix("acceptance-gate.json"))
        #expect(loaded.selfCheckNotice(repositoryRoot: folder) == nil)
    }
}

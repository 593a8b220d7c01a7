//===----------------------------------------------------------------------===//
// AdoptionTemplatesTests.swift: the embedded templates equal their twins in templates/, placeholders.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateAdoption
import Testing

@Suite("embedded templates")
struct AdoptionTemplatesTests {
    static let known: Set<String> = [
        "target", "scheme", "gateVersion", "gateRepository", "gateActionRepository", "defaultBranch", "installGate",
        "shardCount", "shardList", "expectShards",
    ]

    @Test("every file in templates/ci and templates/xctest has an embedded twin, byte for byte, and back")
    func twins() throws {
        let onDisk = AdoptionTestSupport.templateFiles(under: "ci") + AdoptionTestSupport.templateFiles(under: "xctest")
        // The install step is a part of four pipelines, not a file init writes.
        let every = AdoptionTemplates.all + [AdoptionTemplates.installGate]
        let embedded = every.map(\.path).sorted()
        #expect(onDisk.count == 10)
        #expect(onDisk == embedded)
        for template in every {
            let bytes = try AdoptionTestSupport.templateBytes(template.path)
            #expect(bytes == Array(template.text.utf8), "templates/\(template.path) and its embedded twin differ")
        }
    }

    @Test("every placeholder is one init fills in", arguments: AdoptionTemplates.all.map(\.path))
    func placeholders(_ path: String) throws {
        let template = try #require(AdoptionTemplates.all.first { $0.path == path })
        let names = PlaceholderText.names(in: template.text)
        #expect(names.contains("gateVersion"), "every template says which gate version wrote it")
        for name in names {
            #expect(Self.known.contains(name), "unknown placeholder {{\(name)}} in templates/\(path)")
        }
        let rendered = try template.render(AdoptionTemplates.values(target: "T1", scheme: "S1", gateVersion: "9.9.9"))
        #expect(PlaceholderText.names(in: rendered).isEmpty)
        #expect(rendered.contains("9.9.9"))
    }

    @Test("the Xcode Cloud script is executable on disk and when written")
    func executable() throws {
        let path = AdoptionTestSupport.repositoryRoot.appendingPathComponent("templates/ci/xcode-cloud/ci_post_xcodebuild.sh").path
        #expect(FileManager.default.isExecutableFile(atPath: path))
        #expect(AdoptionTemplates.xcodeCloudPostXcodebuild.isExecutable)
        #expect(AdoptionTemplates.all.filter(\.isExecutable).count == 1)
    }

    @Test("the redirect test template depends on nothing but Foundation and XCTest")
    func redirectTemplateStandsAlone() {
        let text = AdoptionTemplates.redirectBoundaryTests.text
        let imports = text.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("import ") }.map(String.init)
        #expect(imports == ["import Foundation", "import XCTest", "import FoundationNetworking"])
        #expect(text.contains("func testSameOriginRedirectSucceeds()"))
        #expect(text.contains("func testDifferentPortRedirectStops()"))
        #expect(text.contains("ACCEPTANCE_GATE_ORIGIN_URL") && text.contains("ACCEPTANCE_GATE_FOREIGN_URL"))
        // The session is created with the delegate; data(for:delegate:) is never called.
        #expect(text.contains("URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)"))
        #expect(!text.contains("session.data("))
    }
}

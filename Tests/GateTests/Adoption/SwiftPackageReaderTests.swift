//===----------------------------------------------------------------------===//
// SwiftPackageReaderTests.swift: dump-package JSON and which manifest file SwiftPM reads.
//===----------------------------------------------------------------------===//

import Gate
import GateAdoption
import Testing

@Suite("reading a Swift package")
struct SwiftPackageReaderTests {
    @Test("dump-package JSON: names, types and paths of the targets; unknown keys ignored")
    func parse() throws {
        let json = """
            {"name": "Ink", "toolsVersion": {"_version": "5.1.0"}, "products": [], "targets": [
              {"name": "Ink", "type": "regular", "dependencies": []},
              {"name": "InkTests", "type": "test", "path": null, "exclude": []},
              {"name": "Checks", "type": "test", "path": "Tests/Checks/"}]}
            """
        let manifest = try SwiftPackageManifest.parse(Array(json.utf8))
        #expect(manifest.name == "Ink" && manifest.toolsVersion == "5.1.0")
        #expect(manifest.testTargets.map(\.name) == ["InkTests", "Checks"])
        #expect(manifest.testTargets.map(\.folder) == ["Tests/InkTests", "Tests/Checks"])
        #expect(throws: AdoptionError.self) { try SwiftPackageManifest.parse(Array("[]".utf8)) }
        #expect(throws: AdoptionError.self) { try SwiftPackageManifest.parse(Array(#"{"name": "x", "targets": [{}]}"#.utf8)) }
    }

    @Test("the manifest file: the highest Package@swift-X not above the compiler, else Package.swift")
    func manifestFile() {
        let files = ["Package.swift", "Package@swift-5.9.swift", "Package@swift-6.0.swift", "Package@swift-7.swift", "README.md"]
        #expect(SwiftPackageReader.manifestFile(among: files, compilerVersion: [6, 3, 1]) == "Package@swift-6.0.swift")
        #expect(SwiftPackageReader.manifestFile(among: files, compilerVersion: [5, 10]) == "Package@swift-5.9.swift")
        #expect(SwiftPackageReader.manifestFile(among: files, compilerVersion: [5, 8]) == "Package.swift")
        #expect(SwiftPackageReader.manifestFile(among: files, compilerVersion: [7]) == "Package@swift-7.swift")
        #expect(SwiftPackageReader.versionedManifestVersion("Package@swift-6.0.1.swift") == [6, 0, 1])
        #expect(SwiftPackageReader.versionedManifestVersion("Package@swift-.swift") == nil)
        #expect(SwiftPackageReader.versionedManifestVersion("Package@swift-6.x.swift") == nil)
        #expect(SwiftPackageReader.compilerVersion(inVersionText: "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x") == [6, 3, 1])
        #expect(SwiftPackageReader.compilerVersion(inVersionText: "nothing") == nil)
    }
}

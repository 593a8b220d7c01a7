//===----------------------------------------------------------------------===//
// AdoptionTestSupport.swift: the repository's files and scratch folders for the adoption tests.
//===----------------------------------------------------------------------===//

import Foundation
import GateAdoption
import GateTestSupport

/// The repository's own files (found from this file's path) and scratch folders.
enum AdoptionTestSupport {
    /// The repository root.
    static var repositoryRoot: URL { RepositoryFiles.root }

    /// The bytes of `path` below `templates/`.
    static func templateBytes(_ path: String) throws -> [UInt8] {
        try RepositoryFiles.bytes("templates/" + path)
    }

    /// Every regular file below `templates/<folder>/`, as paths relative to `templates/`, sorted.
    static func templateFiles(under folder: String) -> [String] {
        let base = repositoryRoot.appendingPathComponent("templates")
        let enumerator = FileManager.default.enumerator(atPath: base.appendingPathComponent(folder).path)
        var paths: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let path = folder + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    /// A new empty folder under the temporary folder, named after `label`.
    static func scratchFolder(_ label: String) throws -> String {
        try ScratchFolder("adoption-\(label)").path
    }

    /// Removes a scratch folder.
    static func remove(_ path: String) {
        ScratchFolder(existing: path).remove()
    }

    /// Writes `text` to `path` below `folder`, creating parents.
    static func put(_ text: String, at path: String, in folder: String) throws {
        try ScratchFolder(existing: folder).write(text, to: path, mode: 0o644)
    }

    /// The text at `path` below `folder`, or `nil`.
    static func read(_ path: String, in folder: String) -> String? {
        ScratchFolder(existing: folder).text(path)
    }

    /// init's plan for a package `Shop` with the test target `ShopTests` in `folder`.
    static func shopPlan(_ folder: String, ci: CISystem? = nil, linux: Bool? = nil) throws(AdoptionError) -> AdoptionPlan {
        var options = AdoptionOptions(directory: folder, ci: ci, gateVersion: "0.1.0")
        options.linux = linux
        return try AdoptionPlan.make(
            options,
            project: .swiftPackage(
                SwiftPackageManifest(
                    name: "Shop",
                    targets: [SwiftPackageTarget(name: "Shop", type: "regular"), SwiftPackageTarget(name: "ShopTests", type: "test")]),
                manifestFile: "Package.swift"))
    }

    /// The GitHub test workflow `plan` writes, or `nil` when it writes none.
    static func testWorkflow(_ plan: AdoptionPlan) -> String? {
        plan.files.first { $0.path == ".github/workflows/acceptance-gate.yml" }?.contents
    }
}

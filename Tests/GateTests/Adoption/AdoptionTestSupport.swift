//===----------------------------------------------------------------------===//
// AdoptionTestSupport.swift: the repository's files and scratch folders for the adoption tests.
//===----------------------------------------------------------------------===//

import Foundation
import GateAdoption

/// The repository's own files (found from this file's path) and scratch folders.
enum AdoptionTestSupport {
    /// The repository root: three folders above `Tests/GateTests/Adoption/`.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bytes of `path` below `templates/`.
    static func templateBytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent("templates").appendingPathComponent(path)))
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
        let path = NSTemporaryDirectory() + "adoption-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Removes a scratch folder.
    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `path` below `folder`, creating parents.
    static func put(_ text: String, at path: String, in folder: String) throws {
        let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The text at `path` below `folder`, or `nil`.
    static func read(_ path: String, in folder: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }
}

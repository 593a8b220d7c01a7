//===----------------------------------------------------------------------===//
// RepositoryFiles.swift: the repository's own files and `../shared` beside it, found from this file.
//===----------------------------------------------------------------------===//

import Foundation

/// The repository's files (README, templates, schemas) and the reference data in `../shared`
/// beside the package (CI always has it; tests read it there, it is never copied in).
package enum RepositoryFiles {
    /// The repository root: two folders above `Tests/GateTestSupport/`.
    package static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the repository.
    package static let shared: URL = root.deletingLastPathComponent().appendingPathComponent("shared")

    /// `relative` below the root.
    package static func url(_ relative: String) -> URL {
        root.appendingPathComponent(relative)
    }

    /// The bytes of `relative` below the root.
    package static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relative)))
    }

    /// The text of `relative` below the root.
    package static func text(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }
}

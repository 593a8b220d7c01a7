//===----------------------------------------------------------------------===//
// RepositoryRoot.swift: the repository's own files, found from this file's path.
//===----------------------------------------------------------------------===//

import Foundation

/// The repository root and its files, for the tests that check README.md, CHANGELOG.md and the man page.
enum RepositoryRoot {
    /// Three folders above `Tests/GateCLITests/Readme/`.
    static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of `path` relative to the root.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }
}

//===----------------------------------------------------------------------===//
// SwiftPackageTarget.swift: one target of a Swift package, as `swift package dump-package` says.
//===----------------------------------------------------------------------===//

/// One target of a Swift package as SwiftPM reads it (`swift package dump-package`).
package struct SwiftPackageTarget: Equatable, Sendable {
    /// The target's name, which is also its module's name.
    package var name: String
    /// SwiftPM's type: `regular`, `test`, `executable`, `macro`, `plugin`, `system`, `binary`.
    package var type: String
    /// The `path:` given in the manifest, relative to the package root; `nil` for the default.
    package var path: String?

    /// Creates a target.
    package init(name: String, type: String, path: String? = nil) {
        self.name = name
        self.type = type
        self.path = path
    }

    /// Whether it is a test target.
    package var isTest: Bool { type == "test" }

    /// The folder holding the target's sources, relative to the package root: the manifest's
    /// `path:`, else `Tests/<name>` (SwiftPM's default for a test target).
    package var folder: String {
        if let path, !path.isEmpty {
            var trimmed = Substring(path)
            while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
            while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            return trimmed.isEmpty ? "." : String(trimmed)
        }
        return isTest ? "Tests/\(name)" : "Sources/\(name)"
    }
}

//===----------------------------------------------------------------------===//
// AdoptionFile.swift: one file `init` writes.
//===----------------------------------------------------------------------===//

/// One file `acceptance-gate init` writes into a team's repository.
package struct AdoptionFile: Equatable, Sendable {
    /// The path relative to the repository root, with `/` separators.
    package var path: String
    /// The whole content.
    package var contents: String
    /// Whether the file is executable (mode 0755 rather than 0644).
    package var isExecutable: Bool

    /// Creates a file.
    package init(path: String, contents: String, isExecutable: Bool = false) {
        self.path = path
        self.contents = contents
        self.isExecutable = isExecutable
    }
}

//===----------------------------------------------------------------------===//
// AdoptionFile.swift: one file `init` writes or changes.
//===----------------------------------------------------------------------===//

/// One file `acceptance-gate init` writes into a team's repository: a new file, or a change to
/// one that exists (`.gitignore`, `LinuxMain.swift`), whose text before the change is kept.
package struct AdoptionFile: Equatable, Sendable {
    /// The path relative to the repository root, with `/` separators.
    package var path: String
    /// The whole content.
    package var contents: String
    /// Whether the file is executable (mode 0755 rather than 0644).
    package var isExecutable: Bool
    /// For a change to an existing file, its text before; `nil` for a new file.
    package var original: String?

    /// Creates a file.
    package init(path: String, contents: String, isExecutable: Bool = false, original: String? = nil) {
        self.path = path
        self.contents = contents
        self.isExecutable = isExecutable
        self.original = original
    }

    /// Whether this changes a file that exists, rather than creating one.
    package var isChange: Bool { original != nil }
}

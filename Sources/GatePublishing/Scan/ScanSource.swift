//===----------------------------------------------------------------------===//
// ScanSource.swift: one file the leak scan reads, and how it is opened.
//===----------------------------------------------------------------------===//

import GateCore

/// A file for ``ScanStage``: a capture, read through the gate's own descriptor, or a path,
/// opened as ``SafeFile`` opens one (no link followed, nothing but a regular file read).
package struct ScanSource {
    /// How the report names it (`logs/unit.log`, `out/notes.txt`, a `scan.paths` file).
    package var display: String
    /// Opens it for reading from its first byte.
    package var open: () throws(SafeFileError) -> SafeFile

    /// A source named `display`, read from what `open` returns.
    package init(display: String, open: @escaping () throws(SafeFileError) -> SafeFile) {
        self.display = display
        self.open = open
    }

    /// The file at `path`, named `display`; with `within`, its real place must be in that folder.
    package static func path(_ path: String, display: String, within folder: String? = nil) -> ScanSource {
        ScanSource(display: display) { () throws(SafeFileError) -> SafeFile in try SafeFile(path: path, within: folder) }
    }
}

//===----------------------------------------------------------------------===//
// CaptureFolder.swift: where the raw output of the code under test is captured.
//===----------------------------------------------------------------------===//

import Foundation

/// A private folder outside the out folder (mode 0700, under the temporary directory) where the
/// suites' and the fixture's raw output is captured while they run. Only redacted copies reach
/// the out folder (``LogArchive``), which CI systems upload as an artifact; this folder is removed
/// when the run ends.
final class CaptureFolder {
    /// The folder, ending in `/`.
    let path: String

    /// Makes a fresh folder.
    /// - Throws: ``GateRunError/outDirectoryUnwritable(path:reason:)`` when none can be made.
    init() throws(GateRunError) {
        var template = Array((NSTemporaryDirectory() + "/acceptance-gate-capture-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .outDirectoryUnwritable(path: NSTemporaryDirectory(), reason: "cannot make a private capture folder")
        }
        path = String(cString: made) + "/"
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The captured files' names, sorted (dot files left out).
    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
}

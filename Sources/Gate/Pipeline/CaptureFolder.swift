//===----------------------------------------------------------------------===//
// CaptureFolder.swift: where the raw output of the code under test is captured.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

/// A fresh private folder outside the out folder (mode 0700, under the temporary directory) in
/// which each capture is created (``CaptureFile``) and unlinked at once: the suites' and the
/// fixture's raw output is only ever reached through the gate's descriptors. Only redacted copies
/// reach the out folder (``LogArchive``), which CI systems upload; the folder is removed when the
/// run ends.
final class CaptureFolder: Sendable {
    /// The folder, ending in `/`.
    let path: String
    private let created = Locked<[CaptureFile]>([])

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

    /// Creates the capture `name`.
    /// - Throws: ``GateRunError/outDirectoryUnwritable(path:reason:)`` naming it.
    func create(_ name: String) throws(GateRunError) -> CaptureFile {
        let file = try CaptureFile(name, in: path)
        created.withLock { $0.append(file) }
        return file
    }

    /// The captures written so far, sorted by name.
    func files() -> [CaptureFile] {
        created.withLock { $0 }.filter(\.isUsed).sorted { $0.name < $1.name }
    }
}

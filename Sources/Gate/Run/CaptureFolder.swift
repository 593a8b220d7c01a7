//===----------------------------------------------------------------------===//
// CaptureFolder.swift: where the raw output of the code under test is captured.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GatePublishing

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

    /// Writes `bytes` to a new file `name` that stays until the folder is removed (read-only, made
    /// with `O_CREAT|O_EXCL|O_NOFOLLOW`, so nothing planted at its name is followed), for a child
    /// to read by its path: the shard's test names (``RunnerTestSelection``).
    /// - Returns: its path.
    /// - Throws: ``GateRunError/outDirectoryUnwritable(path:reason:)`` naming it.
    func keep(_ name: String, _ bytes: [UInt8]) throws(GateRunError) -> String {
        let file = path + name
        let made = open(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o444)
        guard made >= 0 else {
            throw .outDirectoryUnwritable(path: file, reason: "the file cannot be created: \(String(cString: strerror(errno)))")
        }
        defer { close(made) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(made, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw .outDirectoryUnwritable(path: file, reason: "the file cannot be written: \(String(cString: strerror(errno)))")
            }
            written += count
        }
        return file
    }

    /// The captures written so far, sorted by name.
    func files() -> [CaptureFile] {
        created.withLock { $0 }.filter(\.isUsed).sorted { $0.name < $1.name }
    }
}

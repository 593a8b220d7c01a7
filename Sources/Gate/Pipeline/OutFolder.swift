//===----------------------------------------------------------------------===//
// OutFolder.swift: the run's out folder and its logs/ folder.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateReport

/// The out folder of a run: prepared before the first stage, listed after the last.
struct OutFolder {
    /// The file that marks a `logs/` folder as the gate's own, so a later run may clear it.
    static let logsMarker = ".acceptance-gate-logs"

    /// The files a run writes at the top of the out folder; a new run removes them first, so no
    /// file (an old signature above all) survives from an earlier run.
    static let outputNames = ["report.json", "report.dsse.json", "junit.xml", "summary.md", "report.html"]

    /// The folder, ending in `/`.
    let path: String

    /// `directory`'s out folder.
    init(_ directory: String) {
        path = directory.hasSuffix("/") ? directory : directory + "/"
    }

    /// `logs/` inside it, ending in `/`.
    var logs: String { path + "logs/" }

    /// Creates the folder and an empty `logs/` in it, removing an earlier run's outputs. A `logs/`
    /// folder the gate did not create is never cleared.
    func prepare() throws(GateRunError) {
        let fileManager = FileManager.default
        do {
            try AtomicFile.createDirectory(path)
            if fileManager.fileExists(atPath: logs) {
                guard fileManager.fileExists(atPath: logs + Self.logsMarker) else {
                    throw GateRunError.outDirectoryUnwritable(
                        path: path, reason: "its logs/ folder was not written by acceptance-gate, and a run would replace it")
                }
                try? fileManager.removeItem(atPath: logs)
            }
            for name in Self.outputNames {
                try? fileManager.removeItem(atPath: path + name)
            }
            try AtomicFile.createDirectory(logs)
            try AtomicFile.write([], to: logs + Self.logsMarker)
        } catch let error as GateRunError {
            throw error
        } catch {
            throw .outDirectoryUnwritable(path: path, reason: "\(error)")
        }
        guard access(path, W_OK) == 0 else {
            throw .outDirectoryUnwritable(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Every file under `logs/`, with its size and SHA-256 (what `verify` checks later).
    func archivedLogs() -> [ReportLog] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: logs)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return names.compactMap { name in
            guard let hashed = try? SHA256.hash(fileAtPath: logs + name) else { return nil }
            return ReportLog(path: "logs/\(name)", size: hashed.size, sha256: hashed.digest.hex)
        }
    }
}

//===----------------------------------------------------------------------===//
// OutFolder.swift: the run's out folder and its logs/ folder.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateReport

/// The out folder of a run: prepared before the first stage, listed after the last.
package struct OutFolder {
    /// The file that marks a `logs/` folder as the gate's own, so a later run may clear it.
    package static let logsMarker = ".acceptance-gate-logs"
    /// The file that marks the out folder as the gate's own: a non-empty folder without it is
    /// never written into.
    package static let marker = ".acceptance-gate-out"
    /// The file whose lock one run holds while it uses the folder.
    package static let lockName = ".acceptance-gate-lock"

    /// The files a run writes at the top of the out folder; a new run removes them first, so no
    /// file (an old signature above all) survives from an earlier run.
    package static let outputNames = [
        "report.json", "report.dsse.json", "junit.xml", "summary.md", "report.html", ReportPublisher.statementName,
        ReportPublisher.predicateName,
    ]

    /// The folder, ending in `/`.
    package let path: String

    /// `directory`'s out folder.
    package init(_ directory: String) {
        path = directory.hasSuffix("/") ? directory : directory + "/"
    }

    /// `logs/` inside it, ending in `/`.
    package var logs: String { path + "logs/" }

    /// Creates the folder (marked as the gate's) and an empty `logs/` in it, removing an earlier
    /// run's outputs. A non-empty folder without the marker, a `logs/` folder the gate did not
    /// create, and an output name that is not a plain file (a user's directory named
    /// `report.html`) are refused, never cleared.
    package func prepare() throws(GateRunError) {
        let fileManager = FileManager.default
        do {
            try refuseForeign()
            try AtomicFile.createDirectory(path)
            try AtomicFile.write([], to: path + Self.marker)
            if fileManager.fileExists(atPath: logs) {
                guard fileManager.fileExists(atPath: logs + Self.logsMarker) else {
                    throw GateRunError.outDirectoryUnwritable(
                        path: path, reason: "its logs/ folder was not written by acceptance-gate, and a run would replace it")
                }
                try? fileManager.removeItem(atPath: logs)
            }
            for name in Self.outputNames {
                _ = unlink(path + name)
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

    /// Refuses, before anything is written, a folder that is not the gate's: one that holds files
    /// but not the mark, or whose output names are not plain files.
    package func refuseForeign() throws(GateRunError) {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0 != Self.lockName }
        if !entries.isEmpty, !entries.contains(Self.marker) {
            throw .outDirectoryForeign(path: path, entry: entries.min() ?? "")
        }
        for name in Self.outputNames where entries.contains(name) && !Self.isPlainFile(path + name) {
            throw .outDirectoryForeign(path: path, entry: name)
        }
    }

    /// How long a run waits for the lock: a child spawned a moment before the lock's release
    /// holds a copy of its descriptor until it closes it on the way to `exec`.
    package static let lockWait: Duration = .seconds(3)

    /// Takes the folder's lock for this run (released when the returned descriptor is closed, or
    /// the process ends); a second run on the same folder fails after ``lockWait`` instead of
    /// mixing logs.
    package func lock() throws(GateRunError) -> Int32 {
        do {
            try AtomicFile.createDirectory(path)
        } catch {
            throw .outDirectoryUnwritable(path: path, reason: error.description)
        }
        let descriptor = open(path + Self.lockName, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw .outDirectoryUnwritable(path: path, reason: String(cString: strerror(errno)))
        }
        let deadline = ContinuousClock.now + Self.lockWait
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                close(descriptor)
                throw .outDirectoryInUse(path: path)
            }
            usleep(20_000)
        }
        return descriptor
    }

    /// Whether `path` is a plain file (not a directory, not a link to one).
    private static func isPlainFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Removes everything in `logs/` but its marker: only the gate's archive copies may be there.
    /// Anything but a real folder at `logs` (a link a suite put there) is removed and the folder
    /// made again, so no archive copy is written through a link.
    package func clearLogs() {
        if !logsIsFolder {
            _ = unlink(path + "logs")
            try? AtomicFile.createDirectory(logs)
            try? AtomicFile.write([], to: logs + Self.logsMarker)
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: logs)) ?? [] where name != Self.logsMarker {
            try? FileManager.default.removeItem(atPath: logs + name)
        }
    }

    /// A file the gate did not write: its path, how the report names it (`out/<path>`), and
    /// whether it is a plain file.
    package typealias ForeignFile = (path: String, display: String, plain: Bool)

    /// What is in the folder that the gate did not put there (before it archives and publishes:
    /// until then it holds only its marks and an empty `logs/`): each file's path and how the
    /// report names it (`out/<path>`) and whether it is a plain file (links and special files are
    /// listed but never followed or opened). The folder is in the work tree, so the code under
    /// test can write into it, and CI uploads it.
    package func foreignFiles() -> [ForeignFile] {
        let fileManager = FileManager.default
        var found: [ForeignFile] = []
        func walk(_ relative: String) {
            let full = path + relative
            var info = stat()
            guard lstat(full, &info) == 0 else { return }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                found.append((full, "out/" + relative, (info.st_mode & S_IFMT) == S_IFREG))
                return
            }
            for name in ((try? fileManager.contentsOfDirectory(atPath: full)) ?? []).sorted() {
                walk(relative + "/" + name)
            }
        }
        // `logs` is listed only while it is the gate's real folder: a link put in its place is
        // itself foreign, never followed.
        let logsIsFolder = self.logsIsFolder
        let own: Set<String> = logsIsFolder ? [Self.marker, Self.lockName, "logs"] : [Self.marker, Self.lockName]
        for name in ((try? fileManager.contentsOfDirectory(atPath: path)) ?? []).sorted() where !own.contains(name) {
            walk(name)
        }
        if logsIsFolder {
            for name in ((try? fileManager.contentsOfDirectory(atPath: logs)) ?? []).sorted() where name != Self.logsMarker {
                walk("logs/" + name)
            }
        }
        return found
    }

    /// Whether `logs` is a real folder (not a link to one, nothing else).
    private var logsIsFolder: Bool {
        var info = stat()
        return lstat(path + "logs", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Removes what ``foreignFiles()`` found, top-level entry by entry (a folder whole); `logs/`
    /// is cleared by ``clearLogs()``.
    package func removeForeign(_ files: [ForeignFile]) {
        var removed: Set<String> = []
        for file in files {
            let relative = file.display.dropFirst("out/".count)
            let top = relative.hasPrefix("logs/") ? String(relative) : String(relative.split(separator: "/").first ?? relative[...])
            guard removed.insert(top).inserted else { continue }
            try? FileManager.default.removeItem(atPath: path + top)
        }
    }

    /// Every file under `logs/`, with its size and SHA-256 (what `verify` checks later).
    package func archivedLogs() -> [ReportLog] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: logs)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        return names.compactMap { name in
            guard let hashed = try? SHA256.hash(fileAtPath: logs + name) else { return nil }
            return ReportLog(path: "logs/\(name)", size: hashed.size, sha256: hashed.digest.hex)
        }
    }
}

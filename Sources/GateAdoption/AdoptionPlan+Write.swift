//===----------------------------------------------------------------------===//
// AdoptionPlan+Write.swift: writing the planned files, all or nothing, never clobbering.
//===----------------------------------------------------------------------===//

import GateCore
import GateReport

extension AdoptionPlan {
    /// The planned new files that already exist (a dangling symbolic link counts), in plan order;
    /// changes to existing files are not counted.
    package var existingFiles: [String] {
        files.filter { !$0.isChange }.map(\.path).filter { Self.pathExists(Self.join(directory, $0)) }
    }

    /// Writes every planned file.
    ///
    /// Without `force`, every path is checked before anything is written, and a file that appears
    /// meanwhile is still not replaced (the new file is linked into place, which fails when the
    /// name is taken). Each file goes to a temporary name first, is flushed to disk and then
    /// moved into place, so no file is ever half-written. When one write fails, the files this
    /// call created are removed again, and the files it changed get their old text back. Changes
    /// to existing files (``AdoptionFile/isChange``) are made after every new file is in place.
    ///
    /// - Parameter force: replace existing files.
    /// - Returns: the paths written, relative to ``directory``.
    /// - Throws: ``AdoptionError/filesExist(_:)`` (nothing written), ``AdoptionError/directoryFailed(path:code:)``,
    ///   ``AdoptionError/writeFailed(path:code:)``.
    @discardableResult
    package func write(force: Bool) throws(AdoptionError) -> [String] {
        if !force {
            let existing = existingFiles
            guard existing.isEmpty else { throw .filesExist(existing) }
        }
        var created: [String] = []
        var changed: [AdoptionFile] = []
        do throws(AdoptionError) {
            for file in files.filter({ !$0.isChange }) + files.filter(\.isChange) {
                let path = Self.join(directory, file.path)
                let existed = Self.pathExists(path)
                try Self.createParents(of: file.path, in: directory)
                try Self.writeAtomically(file, to: path, replacing: force || file.isChange)
                if !existed {
                    created.append(path)
                } else if file.isChange {
                    changed.append(file)
                }
            }
        } catch {
            for path in created { unlink(path) }
            for file in changed {
                let restored = AdoptionFile(path: file.path, contents: file.original ?? "", isExecutable: file.isExecutable)
                try? Self.writeAtomically(restored, to: Self.join(directory, file.path), replacing: true)
            }
            throw error
        }
        return files.map(\.path)
    }

    /// Creates the folders above `relativePath` inside `directory` (like `mkdir -p`).
    private static func createParents(of relativePath: String, in directory: String) throws(AdoptionError) {
        var components = relativePath.split(separator: "/").map(String.init)
        components.removeLast()
        var path = directory
        for component in components {
            path = join(path, component)
            if mkdir(path, 0o755) != 0, errno != EEXIST { throw .directoryFailed(path: path, code: errno) }
            guard isDirectory(path) else { throw .directoryFailed(path: path, code: ENOTDIR) }
        }
    }

    /// Writes `file` to `DIR/.NAME.tmp-PID`, flushes it, then renames it over `path` (`replacing`)
    /// or hard-links it to `path`, which fails rather than replace a file.
    private static func writeAtomically(_ file: AdoptionFile, to path: String, replacing: Bool) throws(AdoptionError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = folder + "." + name + ".tmp-\(getpid())"
        let mode: mode_t = file.isExecutable ? 0o755 : 0o644
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .writeFailed(path: path, code: errno) }
        var failure: Int32 = 0
        if fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == 0 { failure = AtomicFile.writeAll(Array(file.contents.utf8), to: descriptor) }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0 {
            if replacing {
                if rename(temporary, path) != 0 { failure = errno }
            } else if link(temporary, path) != 0 {
                // Some file systems cannot hard-link; there a rename is the fallback, when still free.
                failure = errno
                if failure != EEXIST, !pathExists(path), rename(temporary, path) == 0 { failure = 0 }
            }
        }
        unlink(temporary)
        if failure == EEXIST, !replacing {
            throw .filesExist([file.path])
        }
        if failure != 0 { throw .writeFailed(path: path, code: failure) }
    }
}

//===----------------------------------------------------------------------===//
// Ledger+File.swift: writing the ledger to a file atomically.
//===----------------------------------------------------------------------===//

import GateCore

extension Ledger {
    /// Writes ``json`` and a newline to `path` atomically: to a temporary file in the same
    /// directory, flushed to disk, then renamed over `path`. A reader sees the old file or the
    /// whole new one, never half of it.
    ///
    /// - Parameter path: the file to create or replace.
    /// - Throws: ``FixtureError/ledgerWriteFailed(path:call:errno:)`` naming the call that failed;
    ///   the temporary file is removed.
    package func write(toFile path: String) throws(FixtureError) {
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .ledgerWriteFailed(path: path, call: "open", errno: errno) }
        var closed = false
        var renamed = false
        defer {
            if !closed { _ = close(fd) }
            if !renamed { _ = unlink(temporary) }
        }
        let bytes = Array((json + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { chunk in
                writeSome(fd, chunk)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .ledgerWriteFailed(path: path, call: "write", errno: errno)
            }
            written += count
        }
        guard fsync(fd) == 0 else { throw .ledgerWriteFailed(path: path, call: "fsync", errno: errno) }
        closed = true
        guard close(fd) == 0 else { throw .ledgerWriteFailed(path: path, call: "close", errno: errno) }
        guard rename(temporary, path) == 0 else {
            throw .ledgerWriteFailed(path: path, call: "rename", errno: errno)
        }
        renamed = true
    }

    /// Whether `path` can take a ledger: not empty, not a directory, and in an existing,
    /// writable directory. The command line checks this before starting, so a typo is a usage
    /// error at once rather than a failure at shutdown.
    package static func canWrite(toFile path: String) -> Bool {
        guard !path.isEmpty, !path.hasSuffix("/") else { return false }
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { return false }
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        guard stat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return false }
        return access(directory, W_OK) == 0
    }
}

/// One `write(2)` call; at file scope so the name is not shadowed by ``Ledger/write(toFile:)``.
private func writeSome(_ fd: Int32, _ chunk: UnsafeRawBufferPointer) -> Int {
    write(fd, chunk.baseAddress, chunk.count)
}

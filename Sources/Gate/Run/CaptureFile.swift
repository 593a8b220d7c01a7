//===----------------------------------------------------------------------===//
// CaptureFile.swift: one captured log, reachable only through the gate's own descriptor.
//===----------------------------------------------------------------------===//

import GateCore
import GateProcess
import GatePublishing

/// One file of raw evidence (a suite's or the fixture's output, an xcresult's JSON): created by
/// the gate before its writer starts, with `O_CREAT|O_EXCL|O_NOFOLLOW` (a FIFO or a link planted
/// at its name is refused, never opened or followed), and unlinked at once. From then on only the
/// gate's descriptors reach it: the code under test, which runs as the same user, can neither
/// rewrite an earlier suite's capture nor swap the file the gate reads back, scans, hashes and
/// archives.
///
/// `@unchecked Sendable`: the descriptor is set once and only read through `pread` and `dup`;
/// the flag is behind a lock.
final class CaptureFile: @unchecked Sendable {
    /// Its name in the capture folder (`unit.log`); the report names it `logs/<name>`.
    let name: String
    private let descriptor: Int32
    private let opened = Locked(false)

    /// Whether a writer was ever made (a capture of a suite that never ran is not evidence).
    var isUsed: Bool { opened.withLock { $0 } }

    /// Creates `name` in `folder` (ending in `/`), then unlinks it.
    /// - Throws: ``GateRunError/outDirectoryUnwritable(path:reason:)`` naming the file when it
    ///   cannot be created (something already stands at its name).
    init(_ name: String, in folder: String) throws(GateRunError) {
        let path = folder + name
        // O_APPEND: every descriptor shares one offset, and a reader's seek must never move where
        // a late write lands.
        let made = open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard made >= 0 else {
            throw .outDirectoryUnwritable(path: path, reason: "the capture cannot be created: \(String(cString: strerror(errno)))")
        }
        _ = unlink(path)
        self.name = name
        self.descriptor = made
    }

    deinit {
        close(descriptor)
    }

    /// A writer for the child's output (its own descriptor, closed with it).
    func writer() throws(GateProcessError) -> LogFile {
        // Close-on-exec from the start: a child spawned meanwhile must not inherit it.
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw .systemCallFailed(command: name, call: "dup", errno: errno) }
        opened.withLock { $0 = true }
        return LogFile(descriptor: copy, path: name)
    }

    /// A reader from the first byte (its own descriptor; read it when the writers are done).
    func reader() throws(SafeFileError) -> SafeFile {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw .systemCallFailed(path: name, call: "dup", errno: errno) }
        return try SafeFile(descriptor: copy, path: name)
    }

    /// Every byte, or `nil` when there are more than `limit` or they cannot be read.
    func contents(limit: Int) -> [UInt8]? {
        guard let file = try? reader() else { return nil }
        defer { file.close() }
        return try? file.readAll(limit: limit)
    }

    /// The first `count` bytes at most (without moving any descriptor's offset).
    func head(_ count: Int) -> [UInt8] {
        bytes(from: { _ in 0 }, count: count)
    }

    /// The last `count` bytes at most.
    func tail(_ count: Int) -> [UInt8] {
        bytes(from: { size in max(0, size - count) }, count: count)
    }

    /// Up to `count` bytes from the offset `start` gives for the file's size, read with `pread`
    /// (no descriptor's offset moves), never more than the file holds.
    private func bytes(from start: (Int) -> Int, count: Int) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return [] }
        let size = Int(info.st_size)
        let offset = start(size)
        var bytes = [UInt8](repeating: 0, count: max(0, min(count, size - offset)))
        var filled = 0
        while filled < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled, off_t(offset + filled))
            }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { break }
            filled += read
        }
        return Array(bytes.prefix(filled))
    }

    /// Writes `bytes` as the whole file (the gate's own evidence, e.g. an xcresult's JSON).
    func store(_ bytes: [UInt8]) {
        guard let log = try? writer() else { return }
        bytes.withUnsafeBytes { log.write($0) }
        log.close()
    }
}

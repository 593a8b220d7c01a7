//===----------------------------------------------------------------------===//
// AtomicFile.swift: files written to a temporary name and renamed, never half-written.
//===----------------------------------------------------------------------===//

import GateCore

/// Writes files so that a reader sees either the old file or the whole new one, never a half
/// file: the bytes go to `DIR/.NAME.tmp-PID`, are flushed to disk, and the temporary file is
/// renamed over `DIR/NAME` (design.md: "Nothing half-written").
package enum AtomicFile {
    /// Writes `bytes` to `path` atomically with permissions `mode`.
    ///
    /// - Parameters:
    ///   - bytes: the whole content.
    ///   - path: the destination; its folder must exist.
    ///   - mode: the permission bits (applied exactly, whatever the umask).
    /// - Throws: ``GateReportError/writeFailed(path:code:)``; the temporary file is removed.
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(GateReportError) {
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .writeFailed(path: path, code: errno) }
        var failure: Int32 = 0
        if fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == 0 { failure = writeAll(bytes, to: descriptor) }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw .writeFailed(path: path, code: failure)
        }
    }

    /// Writes UTF-8 `text` to `path` atomically.
    ///
    /// - Throws: ``GateReportError/writeFailed(path:code:)``.
    package static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws(GateReportError) {
        try write(Array(text.utf8), to: path, mode: mode)
    }

    /// `DIR/.NAME.tmp-PID` for `DIR/NAME`.
    package static func temporaryPath(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + "." + name + ".tmp-\(getpid())"
    }

    /// Creates `path` and any missing parents (like `mkdir -p`).
    ///
    /// - Throws: ``GateReportError/directoryFailed(path:code:)``.
    package static func createDirectory(_ path: String) throws(GateReportError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0, errno != EEXIST {
                throw .directoryFailed(path: path, code: errno)
            }
            prefix += "/"
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw .directoryFailed(path: path, code: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .directoryFailed(path: path, code: ENOTDIR) }
    }

    /// Reads the whole file at `path`, refusing files over `limit` bytes.
    ///
    /// - Throws: ``GateReportError/readFailed(path:code:)`` or ``GateReportError/fileTooLarge(path:limit:)``.
    package static func read(_ path: String, limit: Int) throws(GateReportError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .readFailed(path: path, code: errno) }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(path: path, code: errno)
            }
            if count == 0 { break }
            result += chunk[0..<count]
            if result.count > limit { throw .fileTooLarge(path: path, limit: limit) }
        }
        return result
    }

    /// Writes every byte to an open descriptor, retrying on `EINTR` and short writes.
    /// - Returns: 0, or the C error number of the write that failed.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBytes { buffer -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }
}

/// The C `read`, named apart from ``AtomicFile/read(_:limit:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// The C `write`, named apart from ``AtomicFile/write(_:to:mode:)``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

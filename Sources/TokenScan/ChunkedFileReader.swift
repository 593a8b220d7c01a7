//===----------------------------------------------------------------------===//
// ChunkedFileReader.swift: a file read in fixed-size chunks through read(2).
//===----------------------------------------------------------------------===//

import GateCore

/// Reads a file in chunks of a fixed size into one reused buffer, so memory stays at one chunk
/// however large the file. The scanner and the benchmark's `cat`-like baseline share it.
package enum ChunkedFileReader {
    /// The default chunk: 1 MiB.
    package static let defaultChunkSize = 1 << 20

    /// Calls `body` with each chunk of the file at `path`, in order; the buffer is only valid
    /// during the call.
    ///
    /// - Parameter isCancelled: asked before each chunk is read, so one large file cannot hold up
    ///   a cancelled caller for longer than one chunk takes (a call per MiB costs nothing
    ///   measurable; see `Benchmarks scan`).
    /// - Throws: ``TokenScanError/unreadable(path:code:message:)`` when the file cannot be opened
    ///   or read, ``TokenScanError/isDirectory(path:)`` for a folder,
    ///   ``TokenScanError/interrupted(path:bytesScanned:)`` once `isCancelled` says so.
    package static func forEachChunk(
        ofFileAtPath path: String, chunkSize: Int = defaultChunkSize, isCancelled: () -> Bool = { false },
        _ body: (UnsafeRawBufferPointer) -> Void
    ) throws(TokenScanError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path, errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path, errno) }
        if status.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path: path) }
        let size = max(4096, min(chunkSize, 64 << 20))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        defer { buffer.deallocate() }
        guard let base = buffer.baseAddress else { return }
        var total = 0
        while true {
            if isCancelled() { throw .interrupted(path: path, bytesScanned: total) }
            let count = read(descriptor, base, size)
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path, errno)
            }
            guard count > 0 else { return }
            total += count
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The error for C error `code` on `path`.
    private static func unreadable(_ path: String, _ code: Int32) -> TokenScanError {
        let message = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return .unreadable(path: path, code: code, message: message)
    }
}

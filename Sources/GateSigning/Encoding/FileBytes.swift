//===----------------------------------------------------------------------===//
// FileBytes.swift: a whole small file and its permission bits, read with POSIX calls.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A whole regular file read into memory, with its permission bits, refusing anything larger
/// than a limit (a key or envelope path pointed at a huge file must not exhaust memory).
struct FileBytes {
    /// The file's contents.
    var bytes: [UInt8]
    /// The permission bits (`st_mode & 0o7777`).
    var mode: Int

    /// Reads the regular file at `path`.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - limit: the largest size accepted, in bytes.
    /// - Throws: ``ParseFailure`` with the system's reason, or when it is not a regular file or too large.
    init(path: String, limit: Int) throws(ParseFailure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ParseFailure(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ParseFailure(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ParseFailure("it is not a regular file") }
        guard let size = Int(exactly: info.st_size), size <= limit else {
            throw ParseFailure("it is larger than \(limit) bytes")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw ParseFailure(String(cString: strerror(errno)))
            }
            bytes += buffer[0..<count]
            guard bytes.count <= limit else { throw ParseFailure("it is larger than \(limit) bytes") }
        }
        _ = buffer.withUnsafeMutableBytes { $0.initializeMemory(as: UInt8.self, repeating: 0) }
        self.bytes = bytes
        self.mode = Int(info.st_mode) & 0o7777
    }
}

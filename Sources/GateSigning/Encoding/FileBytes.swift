//===----------------------------------------------------------------------===//
// FileBytes.swift: a whole small regular file and its permission bits, read through SafeFile.
//===----------------------------------------------------------------------===//

import GateCore

/// A whole regular file read into memory, with its permission bits, refusing anything larger
/// than a limit (a key or envelope path pointed at a huge file must not exhaust memory) and
/// anything that is not a regular file (a FIFO or `/dev/zero` must not hang `verify`).
struct FileBytes {
    /// How a symbolic link at the path itself is treated.
    enum Links {
        /// Refused: the path is in a folder the code under test could write (the envelope, the
        /// report, the logs).
        case refused
        /// Followed once, to the real path, which is then opened as any other: for key files
        /// the user names, which CI systems often provide as links (a Kubernetes secret volume's
        /// `key -> ..data/key`). The target must still be a regular file.
        case followed
    }

    /// The file's contents.
    var bytes: [UInt8]
    /// The permission bits (`st_mode & 0o7777`).
    var mode: Int

    /// Reads the regular file at `path` through ``SafeFile``.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - limit: the largest size accepted, in bytes.
    ///   - folder: when given, the file's real location must be inside it.
    ///   - links: whether a link at `path` is refused (the default) or followed.
    /// - Throws: ``SafeFileError`` naming the file and what it is.
    init(path: String, limit: Int, within folder: String? = nil, links: Links = .refused) throws(SafeFileError) {
        let target = links == .followed ? RealPath.of(path) ?? path : path
        let file = try SafeFile(path: target, within: folder)
        defer { file.close() }
        self.bytes = try file.readAll(limit: limit)
        self.mode = file.permissions
    }

    /// Reads the PEM key file the user named (a link followed, at most 64 KiB), for the public and
    /// the private key alike.
    ///
    /// - Throws: ``SigningError/unreadableKey(path:reason:)`` naming `path`.
    static func keyFile(_ path: String) throws(SigningError) -> FileBytes {
        do {
            return try FileBytes(path: path, limit: 64 * 1024, links: .followed)
        } catch {
            throw .unreadableKey(path: path, reason: error.reason)
        }
    }
}

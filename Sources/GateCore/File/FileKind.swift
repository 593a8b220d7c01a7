//===----------------------------------------------------------------------===//
// FileKind.swift: what a path names, as lstat or fstat sees it.
//===----------------------------------------------------------------------===//

/// What a path names: the file type bits of `st_mode`. ``SafeFile`` reads only ``regular``
/// files; every other kind is refused by name, so a message says "a FIFO" rather than "failed".
package enum FileKind: String, Equatable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A regular file.
    case regular
    /// A directory.
    case directory
    /// A symbolic link (seen only without following it).
    case symbolicLink
    /// A FIFO (named pipe): reading it waits for a writer that may never come.
    case fifo
    /// A Unix-domain socket.
    case socket
    /// A character device such as `/dev/zero` or a terminal: endless or blocking input.
    case characterDevice
    /// A block device such as a disk.
    case blockDevice
    /// A type the system reports that none of the above covers.
    case other

    /// The kind of a `stat` result.
    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        default: self = .other
        }
    }

    /// The kind with its article, for a sentence: `a FIFO (named pipe)`.
    package var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO (named pipe)"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .other: "not a regular file"
        }
    }
}

//===----------------------------------------------------------------------===//
// SafeFile.swift: a regular file opened without blocking and without following a symlink.
//===----------------------------------------------------------------------===//

/// A regular file opened for reading in a way untrusted paths cannot bend:
///
/// - `open` with `O_NOFOLLOW`, so a symbolic link at the path is refused, never followed
///   (`logs/shadow.log -> /etc/shadow` is not read);
/// - `O_NONBLOCK`, so opening a FIFO returns at once instead of waiting for a writer;
/// - `fstat` on the opened descriptor must say regular file, so a FIFO, a device (`/dev/zero`
///   would never end), a socket or a directory is refused by kind; checking the descriptor,
///   not the path, leaves no gap for the path to be swapped between check and read;
/// - then `O_NONBLOCK` is cleared, so reads behave as ordinary blocking reads of a file.
///
/// With `within: folder` it also refuses a path whose real location (the `realpath` of its
/// parent folder plus its name) is outside `folder` (`logs -> /etc` makes `logs/shadow` refused),
/// and opens it by walking from the folder one component at a time with `O_NOFOLLOW`, so a
/// folder swapped for a link after the check is refused too.
///
/// ```swift
/// let bytes = try SafeFile.contents(ofFile: "out/report.json", within: "out", limit: 64 << 20)
/// let file = try SafeFile(path: "out/logs/suite.log", within: "out")   // then read(into:)
/// ```
///
/// The descriptor is closed by ``close()`` or when the value is released. Not shared between
/// threads.
package final class SafeFile {
    /// The path as given.
    package let path: String
    /// The size `fstat` reported when the file was opened.
    package let size: Int
    /// The permission bits (`st_mode & 0o7777`), e.g. to refuse a key readable by others.
    package let permissions: Int
    /// The open descriptor (`O_RDONLY | O_CLOEXEC`, blocking), or -1 once closed.
    package private(set) var descriptor: Int32

    /// The flags every open uses. `O_NOCTTY` besides the four the design names: a terminal
    /// device is refused anyway, but opening one must not make it our controlling terminal.
    private static let openFlags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY

    /// Opens the regular file at `path`.
    ///
    /// - Parameters:
    ///   - path: the file; a symbolic link here is refused.
    ///   - folder: when given, the file's real location must be inside this folder.
    /// - Throws: ``SafeFileError`` naming `path`: ``SafeFileError/missing(path:)``,
    ///   ``SafeFileError/notRegular(path:kind:)`` (a FIFO, device, socket, directory or link),
    ///   ``SafeFileError/outsideFolder(path:folder:resolved:)``, or
    ///   ``SafeFileError/systemCallFailed(path:call:errno:)``.
    package init(path: String, within folder: String? = nil) throws(SafeFileError) {
        let descriptor: Int32
        if let folder {
            descriptor = try Self.openContained(path, within: folder)
        } else {
            descriptor = open(path, Self.openFlags)
            if descriptor < 0 { throw Self.openFailure(path, errno: errno, kind: Self.kind(ofLink: path)) }
        }
        let info = try Self.regularFile(descriptor, path: path)
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            throw Self.closing(descriptor, path: path, afterFailed: "fcntl")
        }
        self.path = path
        self.descriptor = descriptor
        self.size = Int(exactly: info.st_size) ?? Int.max
        self.permissions = Int(info.st_mode) & 0o7777
    }

    /// Reads the regular file open at `descriptor` from its start; it now owns the descriptor
    /// (closes it, also when it throws). For a file the gate opened itself and keeps no path to:
    /// nothing can swap what it reads.
    ///
    /// - Throws: ``SafeFileError/notRegular(path:kind:)`` or ``SafeFileError/systemCallFailed(path:call:errno:)``.
    package init(descriptor: Int32, path: String) throws(SafeFileError) {
        let info = try Self.regularFile(descriptor, path: path)
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw Self.closing(descriptor, path: path, afterFailed: "lseek")
        }
        self.path = path
        self.descriptor = descriptor
        self.size = Int(exactly: info.st_size) ?? Int.max
        self.permissions = Int(info.st_mode) & 0o7777
    }

    deinit {
        if descriptor >= 0 { _ = systemClose(descriptor) }
    }

    /// The failure of `call` on `descriptor`, read from `errno` before closing the descriptor
    /// (which could change it): an init that throws must not leave its descriptor open.
    private static func closing(_ descriptor: Int32, path: String, afterFailed call: String) -> SafeFileError {
        let code = errno
        _ = systemClose(descriptor)
        return .systemCallFailed(path: path, call: call, errno: code)
    }

    /// `fstat` of `descriptor`, which must be a regular file; closes it when it throws.
    private static func regularFile(_ descriptor: Int32, path: String) throws(SafeFileError) -> stat {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw Self.closing(descriptor, path: path, afterFailed: "fstat")
        }
        let kind = FileKind(mode: info.st_mode)
        guard kind == .regular else {
            _ = systemClose(descriptor)
            throw .notRegular(path: path, kind: kind)
        }
        return info
    }

    /// Closes the descriptor; later reads throw. Safe to call twice.
    package func close() {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
    }

    /// Reads up to `buffer.count` bytes.
    ///
    /// - Returns: the number of bytes read; 0 at the end of the file.
    /// - Throws: ``SafeFileError/systemCallFailed(path:call:errno:)``.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(SafeFileError) -> Int {
        guard descriptor >= 0 else { throw .systemCallFailed(path: path, call: "read", errno: EBADF) }
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw .systemCallFailed(path: path, call: "read", errno: errno) }
        }
    }

    /// Reads the rest of the file, refusing more than `limit` bytes (checked against the size
    /// first, then while reading, since the file may grow). The read buffer is zeroed afterwards,
    /// as a key file's bytes pass through it.
    ///
    /// - Throws: ``SafeFileError/tooLarge(path:limit:)`` or ``SafeFileError/systemCallFailed(path:call:errno:)``.
    package func readAll(limit: Int) throws(SafeFileError) -> [UInt8] {
        guard size <= limit else { throw .tooLarge(path: path, limit: limit) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        defer {
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            buffer.deallocate()
        }
        while true {
            let count = try read(into: buffer)
            if count == 0 { return bytes }
            bytes += buffer.prefix(count)
            guard bytes.count <= limit else { throw .tooLarge(path: path, limit: limit) }
        }
    }

    /// The whole regular file at `path`: ``init(path:within:)`` then ``readAll(limit:)``.
    package static func contents(ofFile path: String, within folder: String? = nil, limit: Int) throws(SafeFileError) -> [UInt8] {
        let file = try SafeFile(path: path, within: folder)
        defer { file.close() }
        return try file.readAll(limit: limit)
    }

    // MARK: - Opening

    /// Why `open(path)` failed, with the kind `lstat` sees there (`O_NOFOLLOW` on a link gives
    /// ELOOP, a socket gives ENXIO; naming the kind is more useful than the errno).
    private static func openFailure(_ path: String, errno code: Int32, kind: FileKind?) -> SafeFileError {
        if let kind, kind != .regular { return .notRegular(path: path, kind: kind) }
        if code == ENOENT || code == ENOTDIR { return .missing(path: path) }
        return .systemCallFailed(path: path, call: "open", errno: code)
    }

    /// The kind of `path` itself, not following a link, or `nil` when `lstat` fails.
    private static func kind(ofLink path: String) -> FileKind? {
        var info = stat()
        return lstat(path, &info) == 0 ? FileKind(mode: info.st_mode) : nil
    }

    /// Checks that `path`'s real location is inside `folder`, then opens it by walking from the
    /// folder with `O_NOFOLLOW` at each step.
    private static func openContained(_ path: String, within folder: String) throws(SafeFileError) -> Int32 {
        let (parent, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else { throw .notRegular(path: path, kind: .directory) }
        guard let realFolder = RealPath.of(folder) else {
            throw errno == ENOENT ? .missing(path: folder) : .systemCallFailed(path: folder, call: "realpath", errno: errno)
        }
        guard let realParent = RealPath.of(parent) else {
            throw errno == ENOENT || errno == ENOTDIR
                ? .missing(path: path) : .systemCallFailed(path: path, call: "realpath", errno: errno)
        }
        let resolved = realParent == "/" ? "/" + name : realParent + "/" + name
        let inside: Substring
        if realParent == realFolder {
            inside = ""
        } else if realFolder == "/" {
            inside = realParent.dropFirst()
        } else if realParent.hasPrefix(realFolder + "/") {
            inside = realParent.dropFirst(realFolder.count + 1)
        } else {
            throw .outsideFolder(path: path, folder: folder, resolved: resolved)
        }

        var current = open(realFolder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw .systemCallFailed(path: folder, call: "open", errno: errno) }
        for component in inside.split(separator: "/") {
            let next = openat(current, String(component), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            _ = systemClose(current)
            guard next >= 0 else {
                // The real path had no link here a moment ago: a link (ELOOP) or a file
                // (ENOTDIR) now means a folder was swapped after the check.
                if code == ELOOP || code == ENOTDIR { throw .outsideFolder(path: path, folder: folder, resolved: resolved) }
                throw code == ENOENT ? .missing(path: path) : .systemCallFailed(path: path, call: "open", errno: code)
            }
            current = next
        }
        let descriptor = openat(current, name, openFlags)
        let code = errno
        var info = stat()
        let kind = fstatat(current, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? FileKind(mode: info.st_mode) : nil
        _ = systemClose(current)
        guard descriptor >= 0 else { throw openFailure(path, errno: code, kind: kind) }
        return descriptor
    }

    /// `path` split at its last `/` into the folder (`.` when there is none) and the name.
    private static func split(_ path: String) -> (parent: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let parent = slash == path.startIndex ? "/" : String(path[..<slash])
        return (parent, String(path[path.index(after: slash)...]))
    }
}

/// `close(2)`, at file scope so ``SafeFile/close()`` does not shadow it.
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

/// `read(2)`, at file scope so ``SafeFile/read(into:)`` does not shadow it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

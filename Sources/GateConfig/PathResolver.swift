//===----------------------------------------------------------------------===//
// PathResolver.swift: the one place a relative path becomes absolute, or real.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

/// Makes relative paths absolute against one folder. The configuration's paths resolve against
/// the repository root when it is loaded; the command line's against the current folder. Children
/// run elsewhere, so nothing relative is handed on. ``absolute(_:)`` only spells a path;
/// ``real(_:)`` asks the system where it leads, for what is opened (`scan`'s paths).
package struct PathResolver: Equatable, Sendable {
    /// The folder relative paths are taken from.
    package var base: String

    /// A resolver for paths relative to `base`.
    package init(base: String) {
        self.base = base
    }

    /// A resolver for paths relative to the process's current folder (the command line's paths).
    package static var currentDirectory: PathResolver {
        PathResolver(base: FileManager.default.currentDirectoryPath)
    }

    /// `path` made absolute against ``base``, spelled one way: no empty or `.` components and no
    /// trailing `/` (`build/Tests.xcresult/` is `build/Tests.xcresult`, so a suffix check holds).
    /// `..` is kept: what it means depends on links, which a string cannot know.
    package func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        let components = joined.split(separator: "/").filter { $0 != "." }
        return "/" + components.joined(separator: "/")
    }

    /// Where the OS finds `path` (made absolute against ``base``): its `realpath(3)`, every
    /// symbolic link followed and each `..` taken from where the link before it really leads, as
    /// `open(2)` takes them. `link/../x` with `link -> /a/b` is `/a/x`, which ``absolute(_:)``
    /// cannot know; `..` above `/` stays at `/`. Read what this returns, never a string re-derived
    /// from `path`.
    ///
    /// - Throws: ``PathResolutionError`` naming `path`: nothing there, a dangling link at its
    ///   end, a link loop, or another `realpath` failure.
    package func real(_ path: String) throws(PathResolutionError) -> String {
        let joined = path.hasPrefix("/") ? path : base + "/" + path
        guard let resolved = RealPath.of(joined) else {
            let code = errno
            switch code {
            case ELOOP: throw .linkLoop(path: path)
            case ENOENT, ENOTDIR:
                // `dangling/` names the link too; readlink would follow it through the slash.
                var link = Substring(joined)
                while link.count > 1, link.hasSuffix("/") { link = link.dropLast() }
                if let target = Self.linkTarget(String(link)) { throw .danglingLink(path: path, target: target) }
                throw .missing(path: path)
            default: throw .systemCallFailed(path: path, errno: code)
            }
        }
        return resolved
    }

    /// `path` made absolute and spelled without `.`, `..` or doubled slashes, naming the place
    /// the OS opens: the part up to its last `..` is ``real(_:)`` (so a link before a `..` is
    /// followed first), the rest stays as written, so a linked folder keeps its own name when
    /// there is no `..` after it (`logs` with `logs -> /ci/out` is `<base>/logs`, not `/ci/out`).
    ///
    /// - Throws: ``PathResolutionError`` when the part up to the last `..` has no real location.
    package func named(_ path: String) throws(PathResolutionError) -> String {
        let spelled = absolute(path)
        let components = spelled.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = components.lastIndex(of: "..") else { return spelled }
        let head: String
        do {
            head = try real("/" + components[...last].joined(separator: "/"))
        } catch {
            throw error.naming(path)
        }
        let tail = components[(last + 1)...].joined(separator: "/")
        if tail.isEmpty { return head }
        return head == "/" ? "/" + tail : head + "/" + tail
    }

    /// The target `path`'s final symbolic link points at, or `nil` when `path` is not a link.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` relative to ``base`` when it lies below it, else `nil`.
    package func relative(_ path: String) -> String? {
        let absolute = absolute(path)
        let root = self.absolute("")
        let prefix = root == "/" ? root : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }
}

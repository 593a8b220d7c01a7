//===----------------------------------------------------------------------===//
// SuiteDomainCache.swift: the folders the suites' user owns, kept between runs.
//===----------------------------------------------------------------------===//

import GateCore

/// The folders the suites' user owns and that outlive a run, so SwiftPM's and clang's caches and a
/// package's `.build` stay warm: `home/` (HOME: SwiftPM's caches), `tmp/` (TMPDIR) and one
/// `build/<name>-<hash>/` per package folder, mounted on its `.build`. CI caches the folder by its
/// path (`ACCEPTANCE_GATE_SUITE_CACHE`, by default `/var/cache/acceptance-gate/suites`).
///
/// The cache root and `build/` belong to the gate's user and only it may write them, so the suites'
/// user can fill its folders but never replace one with a link to a file of the gate's.
package struct SuiteDomainCache: Equatable, Sendable {
    /// The environment variable naming the cache folder.
    package static let variable = "ACCEPTANCE_GATE_SUITE_CACHE"
    /// The cache folder when the variable is not set.
    package static let defaultRoot = "/var/cache/acceptance-gate/suites"

    /// The cache folder.
    package let root: String
    /// The suites' user and group.
    package let uid: UInt32
    package let gid: UInt32

    /// The cache `environment` names (or the default), for the suites' `uid` and `gid`.
    package init(environment: [String: String], uid: UInt32, gid: UInt32, defaultRoot: String = SuiteDomainCache.defaultRoot) {
        let named = environment[Self.variable].flatMap { $0.hasPrefix("/") ? $0 : nil }
        self.init(root: named ?? defaultRoot, uid: uid, gid: gid)
    }

    /// The cache at `root`.
    package init(root: String, uid: UInt32, gid: UInt32) {
        var root = root
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        self.root = root
        self.uid = uid
        self.gid = gid
    }

    /// The suites' home folder.
    package var home: String { root + "/home" }
    /// The suites' temporary folder.
    package var temporary: String { root + "/tmp" }

    /// Creates (or checks) the cache root, `home/` and `tmp/`.
    package func prepare() throws(SuiteDomainError) {
        try prepareRoot()
        try suiteFolder(home, mode: 0o700)
        try suiteFolder(temporary, mode: 0o700)
        try gateFolder(root + "/build", createParents: false)
    }

    /// Creates (or checks) the cache root only: on macOS the account's own home keeps its caches
    /// (set up through sudo), and the root holds only the files the gate shares with the suites.
    package func prepareRoot() throws(SuiteDomainError) {
        try gateFolder(root, createParents: true)
    }

    /// The build folder of the package in `directory` (created for the suites' user when missing):
    /// its last path component, for people, and a hash of the whole path, so two packages never share one.
    package func buildFolder(for directory: String) throws(SuiteDomainError) -> String {
        let name = directory.split(separator: "/").last.map(String.init) ?? "root"
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(40))
        let folder = root + "/build/" + safe + "-" + Self.hash(directory)
        try suiteFolder(folder, mode: 0o755)
        return folder
    }

    /// FNV-1a of `text`'s bytes, as 16 hexadecimal digits.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A folder of the gate's: created when missing (its parents too, with `createParents`), and
    /// refused unless it is a real folder owned by the gate's user that no one else may write.
    private func gateFolder(_ path: String, createParents: Bool) throws(SuiteDomainError) {
        if createParents {
            var prefix = ""
            for component in path.split(separator: "/").dropLast() {
                prefix += "/" + component
                if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw .cacheFailed(path: prefix, call: "mkdir", errno: errno) }
                try checkParent(prefix)
            }
        }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw .cacheFailed(path: path, call: "mkdir", errno: errno) }
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .cacheFailed(path: path, call: "lstat", errno: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .unsafeCache(path: path, why: "is not a folder (a link or a file)") }
        guard status.st_uid == geteuid() else { throw .unsafeCache(path: path, why: "belongs to uid \(status.st_uid), not the gate's") }
        guard status.st_mode & 0o022 == 0 else { throw .unsafeCache(path: path, why: "may be written by other users") }
        // The suites' user passes through it to its own folders.
        if status.st_mode & 0o005 != 0o005, chmod(path, 0o755) != 0 { throw .cacheFailed(path: path, call: "chmod", errno: errno) }
    }

    /// A folder of the suites' user: created when missing, and given to it.
    /// A folder above the cache: a real folder, not the suites' user's, that others may write only
    /// with root's sticky bit (`/tmp`, macOS's `/Users/Shared`), where no one may rename another's
    /// folder. Anything else could let the suites (or another user) swap the cache the gate then
    /// writes into. (The CI runner's own folders, which the gate run with sudo does not own, are fine.)
    private func checkParent(_ path: String) throws(SuiteDomainError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .cacheFailed(path: path, call: "lstat", errno: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .unsafeCache(path: path, why: "is not a folder (a link or a file)") }
        guard status.st_uid != uid || status.st_uid == 0 || status.st_uid == geteuid() else {
            throw .unsafeCache(path: path, why: "belongs to the suites' user (uid \(uid))")
        }
        let othersWrite = status.st_mode & 0o022 != 0
        let sticky = status.st_mode & S_ISVTX != 0 && status.st_uid == 0
        guard !othersWrite || sticky else { throw .unsafeCache(path: path, why: "may be written by other users") }
    }

    private func suiteFolder(_ path: String, mode: mode_t) throws(SuiteDomainError) {
        if mkdir(path, mode) != 0 && errno != EEXIST { throw .cacheFailed(path: path, call: "mkdir", errno: errno) }
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .cacheFailed(path: path, call: "lstat", errno: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .unsafeCache(path: path, why: "is not a folder (a link or a file)") }
        if status.st_uid != uid || status.st_gid != gid {
            guard lchown(path, uid, gid) == 0 else {
                throw errno == EINVAL ? .userUnmapped(uid: uid) : .cacheFailed(path: path, call: "chown", errno: errno)
            }
        }
    }
}

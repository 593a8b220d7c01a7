//===----------------------------------------------------------------------===//
// ScratchFolder.swift: a fresh temporary folder per test, and git repositories made in it.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess

/// A fresh folder made with `mkdtemp(3)` under the temporary folder, its path resolved with
/// `realpath(3)`; call ``remove()`` when done (usually in `defer`), or use ``with(_:_:)``.
///
/// The path is resolved as libgit2 and the gate resolve a work tree: on macOS the temporary
/// folder is under `/var`, a link to `/private/var`, and Foundation's `resolvingSymlinksInPath`
/// drops `/private` again, so a comparison with a stamped path would never hold.
package struct ScratchFolder: Sendable {
    /// The folder's real path, without a trailing slash.
    package let path: String

    /// Makes a uniquely named folder whose name starts with `label`.
    package init(_ label: String = "gate") throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw SupportFailure("mkdtemp failed for \(template)") }
        let created = String(cString: made)
        guard let resolved = realpath(created, nil) else {
            try? FileManager.default.removeItem(atPath: created)
            throw SupportFailure("realpath failed for \(created)")
        }
        defer { free(resolved) }
        path = String(cString: resolved)
    }

    /// A folder made elsewhere, to write into and remove with the same helpers.
    package init(existing path: String) {
        self.path = path
    }

    /// Runs `body` with a fresh folder and removes the folder afterwards, whatever `body` does.
    package static func with<Result>(_ label: String = "gate", _ body: (ScratchFolder) throws -> Result) throws -> Result {
        let folder = try ScratchFolder(label)
        defer { folder.remove() }
        return try body(folder)
    }

    /// `path` joined with `relative` (`path` itself for an empty `relative`).
    package func file(_ relative: String) -> String {
        relative.isEmpty ? path : path + "/" + relative
    }

    /// Writes `text` to `relative`, creating its folders.
    package func write(_ text: String, to relative: String, mode: Int = 0o600) throws {
        try write(Array(text.utf8), to: relative, mode: mode)
    }

    /// Writes `bytes` to `relative` with permission bits `mode`, creating its folders.
    package func write(_ bytes: [UInt8], to relative: String, mode: Int = 0o600) throws {
        let url = URL(fileURLWithPath: file(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        guard chmod(url.path, mode_t(mode)) == 0 else { throw SupportFailure("chmod \(String(mode, radix: 8)) failed for \(url.path)") }
    }

    /// The bytes at `relative`.
    package func read(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: file(relative))))
    }

    /// The text at `relative`, or `nil` when there is no readable file.
    package func text(_ relative: String) -> String? {
        (try? read(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The names in the folder (or in `relative` below it), sorted.
    package func contents(_ relative: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file(relative)).sorted()
    }

    /// The permission bits of `relative`, or -1 when it cannot be examined.
    package func mode(_ relative: String) -> Int {
        var info = stat()
        guard stat(file(relative), &info) == 0 else { return -1 }
        return Int(info.st_mode) & 0o7777
    }

    /// Makes a folder at `relative` (and its parents).
    package func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: file(relative), withIntermediateDirectories: true)
    }

    /// Removes the folder and everything in it.
    package func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    // MARK: - git

    /// The environment `git` runs with. This process's `PATH` and the rest stay, so `git` is found
    /// wherever it is installed; what would bring in the user's or the machine's git set-up does
    /// not: `HOME` is ``gitHome``, a folder inside the scratch folder that is never made (git reads
    /// `~/.gitconfig`, `~/.config/git/ignore` and `attributes` from there), `XDG_CONFIG_HOME` is
    /// dropped, `GIT_CONFIG_NOSYSTEM=1` and `GIT_CONFIG_GLOBAL=/dev/null` skip the system and
    /// global configuration, and every other `GIT_` variable (`GIT_DIR`, `GIT_AUTHOR_NAME`, …)
    /// is dropped so nothing points git at another repository or identity.
    package var gitEnvironment: [String: String] {
        var environment = ProcessSpec.currentEnvironment.filter { name, _ in
            !name.hasPrefix("GIT_") && name != "XDG_CONFIG_HOME"
        }
        environment["HOME"] = gitHome
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        return environment
    }

    /// The `HOME` git runs with: inside the scratch folder, and never made, so it adds nothing
    /// to a repository made at the folder's top.
    package var gitHome: String {
        file(".git-home")
    }

    /// Runs `git <arguments>` in `directory` (relative to ``path``) as a throwaway identity and
    /// returns its trimmed standard output; throws when git fails, unless `allowingFailure`.
    @discardableResult
    package func git(_ arguments: [String], in directory: String = "", allowingFailure: Bool = false) throws -> String {
        let spec = ProcessSpec(
            arguments: ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "protocol.file.allow=always"]
                + arguments,
            environment: gitEnvironment, workingDirectory: file(directory))
        let result = try ProcessSupervisor.standalone.run(spec, timeout: .seconds(60))
        guard result.status.isSuccess || allowingFailure else {
            throw SupportFailure("git \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderrText)")
        }
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs a program in ``path`` and says whether it succeeded.
    package func run(_ arguments: [String]) throws -> Bool {
        let result = try ProcessSupervisor.standalone.run(ProcessSpec(arguments: arguments, workingDirectory: path), timeout: .seconds(60))
        return result.status.isSuccess
    }

    /// `git init -b <branch>` in `relative`, `files` written and committed, and HEAD's ID.
    @discardableResult
    package func makeRepository(
        _ relative: String = "", branch: String = "main", files: [String: String] = ["README": "hello\n"]
    ) throws -> String {
        try makeFolder(relative)
        try git(["init", "-q", "-b", branch], in: relative)
        for (name, text) in files {
            try write(text, to: relative.isEmpty ? name : relative + "/" + name)
        }
        try git(["add", "-A"], in: relative)
        try git(["commit", "-q", "--allow-empty", "-m", "first"], in: relative)
        return try git(["rev-parse", "HEAD"], in: relative)
    }
}

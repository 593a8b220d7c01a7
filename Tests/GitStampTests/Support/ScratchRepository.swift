//===----------------------------------------------------------------------===//
// ScratchRepository.swift: temporary folders and the git command for the stamp tests.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import Testing

/// A failure while preparing a scratch repository.
struct ScratchError: Error, CustomStringConvertible {
    var description: String
}

/// A temporary folder, removed by ``withScratch(_:)``, in which tests build repositories with `git`.
struct Scratch {
    /// The folder's real path (symbolic links resolved, no trailing slash).
    let root: String

    /// The environment `git` runs with: ours, without system config or CI variables.
    static let gitEnvironment: [String: String] = {
        var environment = ProcessSpec.currentEnvironment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"] {
            environment[name] = nil
        }
        return environment
    }()

    /// `root` joined with `relative`.
    func path(_ relative: String) -> String {
        relative.isEmpty ? root : root + "/" + relative
    }

    /// Runs `git <arguments>` in `directory` (relative to `root`) and returns its trimmed standard output.
    ///
    /// Throws when git fails, unless `allowingFailure` (then the output so far is returned).
    @discardableResult
    func git(_ arguments: [String], in directory: String = "", allowingFailure: Bool = false) throws -> String {
        let spec = ProcessSpec(
            arguments: ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "protocol.file.allow=always"]
                + arguments,
            environment: Self.gitEnvironment, workingDirectory: path(directory))
        let result = try ProcessSupervisor.standalone.run(spec, timeout: .seconds(60))
        guard result.status.isSuccess || allowingFailure else {
            throw ScratchError(
                description: "git \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderrText)")
        }
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs a program in `root` and says whether it succeeded.
    func run(_ arguments: [String]) throws -> Bool {
        let result = try ProcessSupervisor.standalone.run(ProcessSpec(arguments: arguments, workingDirectory: root), timeout: .seconds(60))
        return result.status.isSuccess
    }

    /// Writes `text` to `relative`, creating its folders.
    func write(_ text: String, to relative: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Creates a folder at `relative` (and its parents).
    func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    /// `git init -b main` in `relative`, one committed file, and returns HEAD's ID.
    @discardableResult
    func makeRepository(_ relative: String, files: [String: String] = ["README": "hello\n"]) throws -> String {
        try makeFolder(relative)
        try git(["init", "-q", "-b", "main"], in: relative)
        for (name, text) in files {
            try write(text, to: relative.isEmpty ? name : relative + "/" + name)
        }
        try git(["add", "-A"], in: relative)
        try git(["commit", "-q", "-m", "first"], in: relative)
        return try git(["rev-parse", "HEAD"], in: relative)
    }
}

/// Runs `body` with a fresh temporary folder and removes the folder afterwards.
func withScratch(_ body: (Scratch) throws -> Void) throws {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("gitstamp-XXXXXX").path
    var bytes = Array(template.utf8CString)
    guard let made = mkdtemp(&bytes) else {
        throw ScratchError(description: "mkdtemp failed for \(template)")
    }
    let created = String(cString: made)
    defer { try? FileManager.default.removeItem(atPath: created) }
    // realpath(3), as libgit2 resolves its work tree: on macOS the temporary folder is under
    // /var, a link to /private/var, and Foundation's resolvingSymlinksInPath drops "/private"
    // again, so its answer would never equal the stamp's.
    guard let resolved = realpath(created, nil) else {
        throw ScratchError(description: "realpath failed for \(created)")
    }
    defer { free(resolved) }
    try body(Scratch(root: String(cString: resolved)))
}

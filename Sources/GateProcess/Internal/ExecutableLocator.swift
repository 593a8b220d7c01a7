// ExecutableLocator.swift
//
// Finds the program to run the way `execvp` would, but on the child's PATH rather than ours.

import GateCore

/// Resolves a command name to the path that `posix_spawn` should execute.
///
/// Why not `posix_spawnp`: it searches *our* PATH, while the child may be given a different one.
package enum ExecutableLocator {
    /// The search path used when neither the child's environment nor ours has PATH.
    static let defaultSearchPath = "/usr/local/bin:/usr/bin:/bin"

    /// Returns the path to execute for `command`.
    /// - Parameters:
    ///   - command: a program name (searched for) or a path containing `/` (returned unchanged).
    ///   - searchPath: the child's PATH, or `nil` for ours.
    ///   - workingDirectory: where the child starts; relative PATH entries are resolved against it.
    /// - Throws: `.executableNotFound` or `.permissionDenied`.
    package static func resolve(_ command: String, searchPath: String?, workingDirectory: String?) throws(GateProcessError)
        -> String
    {
        if command.contains("/") {
            return command
        }
        let path = searchPath ?? getenv("PATH").map { String(cString: $0) } ?? defaultSearchPath
        var sawNonExecutable = false
        for entry in path.split(separator: ":", omittingEmptySubsequences: false) {
            var directory = entry.isEmpty ? "." : String(entry)
            if !directory.hasPrefix("/"), let workingDirectory {
                directory = workingDirectory + "/" + directory
            }
            let candidate = directory + "/" + command
            guard isRegularFile(candidate) else { continue }
            if access(candidate, X_OK) == 0 {
                return candidate
            }
            sawNonExecutable = true
        }
        if sawNonExecutable {
            throw .permissionDenied(command: command)
        }
        throw .executableNotFound(command: command)
    }

    /// True when `path` names a regular file (following symbolic links).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    /// True when `path` names a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFDIR
    }
}

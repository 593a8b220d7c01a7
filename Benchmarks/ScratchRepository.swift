//===----------------------------------------------------------------------===//
// ScratchRepository.swift: a one-commit repository and a signing key for a benchmark's gate runs.
//===----------------------------------------------------------------------===//

import Foundation

/// What the benchmarks that run the real `acceptance-gate` start from: a git repository with
/// `config` as its `acceptance-gate.json` in one commit, and a key pair at `root/gate.key` and
/// `root/gate.pub` made by the binary's own `keygen`.
enum ScratchRepository {
    /// Creates the repository at `repository` and the key pair under `root`.
    static func prepare(root: String, repository: String, config: String, binary: String) throws(BenchmarkFailure) {
        do {
            try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
            try Data(config.utf8).write(to: URL(fileURLWithPath: repository + "/acceptance-gate.json"))
        } catch {
            throw BenchmarkFailure("cannot prepare \(repository): \(error)")
        }
        let script =
            "cd '\(repository)' && git init -q -b main . && git add . && "
            + "git -c user.name=bench -c user.email=bench@example.invalid commit -q -m bench"
        guard try run(["/bin/sh", "-c", script]).shellStatus == 0 else { throw BenchmarkFailure("git init in \(repository) failed") }
        guard try run([binary, "keygen", "--out", root + "/gate"]).shellStatus == 0 else {
            throw BenchmarkFailure("'\(binary) keygen' failed")
        }
    }

    /// Runs `arguments` with stdout to /dev/null, at most `deadline` seconds, and returns how it
    /// ended and what it used.
    static func run(_ arguments: [String], deadline: Double = 600) throws(BenchmarkFailure) -> ChildResult {
        let child = try SpawnedChild.start(arguments, stdoutToNull: true)
        return try SpawnedChild.finish(child, deadline: deadline) { nil }
    }
}

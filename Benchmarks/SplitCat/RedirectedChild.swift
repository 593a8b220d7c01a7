//===----------------------------------------------------------------------===//
// RedirectedChild.swift: posix_spawn a program with stdin and stdout on files, and wait4 it.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a child whose standard input and output are files opened by posix_spawn itself, so the
/// timing holds nothing but the child: no pipe, no parent copying bytes. Every program compared is
/// started this way, so start-up and reading costs are counted alike.
enum RedirectedChild {
    /// Runs `arguments` (`arguments[0]` is the program path) with stdin read from `input` and
    /// stdout written to `output` (created or truncated), and waits for it.
    ///
    /// Linux caution, as for ``SpawnedChild/start(_:stdoutToNull:)``: the child's ru_maxrss starts
    /// at this process's peak, so keep this process small when the figure matters.
    static func run(_ arguments: [String], input: String, output: String) throws(BenchmarkFailure) -> ChildResult {
        let watch = Stopwatch()
        let pid = try ChildSpawn.spawn(arguments) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        var result = try ChildSpawn.reap(pid)
        result.seconds = watch.elapsed
        return result
    }
}

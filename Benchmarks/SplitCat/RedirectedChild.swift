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
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The benchmark ignores SIGPIPE; the child gets the default back (ignored signals survive exec).
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }

        let watch = Stopwatch()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, LibC.environment)
        guard spawned == 0 else {
            throw BenchmarkFailure("posix_spawn \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkFailure("wait4: \(String(cString: strerror(errno)))") }
        }
        var result = ChildResult()
        result.seconds = watch.elapsed
        result.status = status
        result.maximumRSSKiB = LibC.maximumRSSKiB(usage)
        result.cpuSeconds =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) * 1e-6
        return result
    }
}

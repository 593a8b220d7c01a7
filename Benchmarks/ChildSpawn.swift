//===----------------------------------------------------------------------===//
// ChildSpawn.swift: posix_spawn a benchmark's child, and reap it with its rusage.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one posix_spawn of the benchmarks (never Foundation.Process): what differs between
/// callers is only where the child's descriptors go and whether it leads a process group of its
/// own; the SIGPIPE default, the argv and the error are the same for all. And the one wait4 that
/// turns a child's end into a ``ChildResult``.
enum ChildSpawn {
    /// posix_spawn's file actions: an opaque pointer on Darwin (optional, nil until init), a
    /// struct on Glibc.
    #if canImport(Darwin)
        typealias FileActions = posix_spawn_file_actions_t?
    #else
        typealias FileActions = posix_spawn_file_actions_t
    #endif

    /// Starts `arguments` (`arguments[0]` is the program path) with the file actions `files`
    /// adds, in a process group of its own when `newProcessGroup`.
    ///
    /// - Returns: the child's pid.
    static func spawn(
        _ arguments: [String], newProcessGroup: Bool = false, files: (inout FileActions) -> Void
    ) throws(BenchmarkFailure) -> pid_t {
        #if canImport(Darwin)
            var actions: FileActions = nil
            var attributes: posix_spawnattr_t?
        #else
            var actions = FileActions()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        files(&actions)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The benchmarks ignore SIGPIPE; the child gets the default back (ignored signals survive exec).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }
        let program = arguments.first ?? ""
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, LibC.environment)
        guard spawned == 0 else { throw BenchmarkFailure("posix_spawn \(program): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// Waits for `pid` and returns how it ended, its peak RSS and its CPU time (from wait4).
    static func reap(_ pid: pid_t) throws(BenchmarkFailure) -> ChildResult {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkFailure("wait4: \(String(cString: strerror(errno)))") }
        }
        var result = ChildResult()
        result.status = status
        result.maximumRSSKiB = LibC.maximumRSSKiB(usage)
        result.cpuSeconds =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) * 1e-6
        return result
    }
}

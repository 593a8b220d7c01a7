//===----------------------------------------------------------------------===//
// GateChild.swift: the gate started with posix_spawn in its own process group, then reaped.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process group of the running gate, for the signal handlers (0 before it starts). A signal
/// handler can reach nothing but globals; it only reads this, after the main path wrote it once.
nonisolated(unsafe) private var runningGroup: pid_t = 0
/// A forwarded signal that arrived before the gate's group existed.
nonisolated(unsafe) private var earlySignal: Int32 = 0

/// Starts the gate the way the project starts every child (posix_spawn, a new process group,
/// default signal actions, waitpid), never Foundation's Process, whose waitUntilExit can hang on
/// a grandchild that outlives the child.
enum GateChild {
    /// What SwiftPM sends a plugin it cancels (SIGINT, then SIGKILL) and what CI sends a job
    /// (SIGINT, then SIGTERM): the gate gets each, stops its own children and still writes an
    /// aborted report.
    static let forwardedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The highest descriptor marked close-on-exec before the spawn.
    static let descriptorLimit: Int32 = 65_536

    /// Runs `executable` with `arguments` (the first is its name) in `directory` and waits for it.
    ///
    /// - Throws: ``PluginFailure`` when it cannot start.
    static func run(executable: String, arguments: [String], directory: String, environment: [String: String]) throws -> ChildStatus {
        // posix_spawn has no portable "start in this folder" action; the plugin process exists
        // only to run the gate, so moving it there costs nothing.
        guard chdir(directory) == 0 else {
            throw PluginFailure("swift package acceptance-gate: cannot enter the package folder \(directory): \(errorText(errno))")
        }
        closeInheritedDescriptors()
        for signalNumber in forwardedSignals {
            _ = signal(signalNumber, forward)
        }
        let pid = try spawn(executable: executable, arguments: arguments, environment: environment)
        runningGroup = pid
        if earlySignal != 0 { _ = kill(-pid, earlySignal) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw PluginFailure("swift package acceptance-gate: waitpid for the gate (pid \(pid)) failed: \(errorText(errno))")
            }
        }
        return ChildStatus(waitStatus: status)
    }

    /// Marks every descriptor above 2 close-on-exec. Why: PackagePlugin keeps its message pipes
    /// to SwiftPM on duplicated descriptors without that flag, and a gate (or a test it leaves
    /// behind) holding them would keep SwiftPM waiting after the plugin ends.
    private static func closeInheritedDescriptors() {
        let limit = min(Int32(clamping: sysconf(Int32(_SC_OPEN_MAX))), descriptorLimit)
        guard limit > 3 else { return }
        for descriptor in 3..<limit {
            let flags = fcntl(descriptor, F_GETFD)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// posix_spawn with a new process group, an empty signal mask, default actions for the
    /// signals the plugin handles or ignores, and `/dev/null` as standard input (PackagePlugin
    /// closed the plugin's own).
    private static func spawn(executable: String, arguments: [String], environment: [String: String]) throws -> pid_t {
        #if canImport(Darwin)
            var attributes: posix_spawnattr_t?
            var actions: posix_spawn_file_actions_t?
        #else
            var attributes = posix_spawnattr_t()
            var actions = posix_spawn_file_actions_t()
        #endif
        guard posix_spawnattr_init(&attributes) == 0, posix_spawn_file_actions_init(&actions) == 0 else {
            throw PluginFailure("swift package acceptance-gate: cannot prepare to start the gate (out of memory)")
        }
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in forwardedSignals + [SIGPIPE] { sigaddset(&defaults, signalNumber) }
        let flags = Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        guard posix_spawnattr_setflags(&attributes, flags) == 0, posix_spawnattr_setpgroup(&attributes, 0) == 0,
            posix_spawnattr_setsigmask(&attributes, &empty) == 0, posix_spawnattr_setsigdefault(&attributes, &defaults) == 0,
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) == 0
        else {
            throw PluginFailure("swift package acceptance-gate: cannot prepare to start the gate: \(errorText(errno))")
        }
        let argv = arguments.map { strdup($0) }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        guard !argv.contains(nil), !envp.contains(nil) else {
            throw PluginFailure("swift package acceptance-gate: cannot prepare to start the gate (out of memory)")
        }
        var pid: pid_t = 0
        let result = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
                // Both arrays hold at least their NULL terminator, so the bases exist.
                guard let argvBase = argvBuffer.baseAddress, let envpBase = envpBuffer.baseAddress else { return EINVAL }
                return posix_spawn(&pid, executable, &actions, &attributes, argvBase, envpBase)
            }
        }
        guard result == 0 else {
            throw PluginFailure("swift package acceptance-gate: cannot start \(executable): \(errorText(result))")
        }
        return pid
    }

    /// The C library's text for an errno value.
    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// The signal handler: passes the signal on to the gate's whole group (kill is async-signal-safe).
private func forward(_ signalNumber: Int32) {
    if runningGroup > 0 {
        _ = kill(-runningGroup, signalNumber)
    } else {
        earlySignal = signalNumber
    }
}

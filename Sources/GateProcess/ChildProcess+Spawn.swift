// ChildProcess+Spawn.swift
//
// Starting a child with posix_spawn in a new process group, with its pipes and their threads.

internal import CProcessShims
internal import Dispatch
import GateCore

extension ChildProcess {
    /// Starts the process `spec` describes.
    ///
    /// The child leads a new process group, starts with an empty signal mask and every signal at
    /// its default disposition, and inherits only descriptors 0, 1 and 2 (how is
    /// ``Platform/closeOnExec``: `closefrom` on Linux, `POSIX_SPAWN_CLOEXEC_DEFAULT` on Darwin,
    /// close-on-exec flags alone on a portable build). The first call makes this process ignore
    /// SIGPIPE for good, so writing to a child that has stopped reading returns EPIPE instead of
    /// killing us; children get SIGPIPE back at its default.
    /// - Parameter spec: what to run and how.
    /// - Returns: a handle on the running child.
    /// - Throws: `GateProcessError` when the command is empty or malformed, the program or working
    ///   directory cannot be found, or a system call fails.
    package static func spawn(_ spec: ProcessSpec) throws(GateProcessError) -> ChildProcess {
        let command = spec.command
        guard !command.isEmpty else {
            throw .emptyCommand
        }
        try validate(spec)
        _ = brokenPipesIgnored
        if let directory = spec.workingDirectory, !ExecutableLocator.isDirectory(directory) {
            throw .workingDirectoryNotFound(command: command, path: directory)
        }
        let executable: String
        if let image = spec.executable {
            executable = image
        } else {
            executable = try ExecutableLocator.resolve(
                command, searchPath: spec.environment["PATH"], workingDirectory: spec.workingDirectory)
        }
        // A spawn failure names the file it tried when that is not the command (the gate's image).
        let named = spec.executable ?? command

        let descriptors = SpawnDescriptors(command: command)
        let wake = try WakePipe(command: command)
        let stdinPipe: (read: Int32, write: Int32)?
        if case .bytes = spec.stdin {
            stdinPipe = try descriptors.makePipe()
        } else {
            stdinPipe = nil
        }
        let stdoutPipe = spec.stdout.needsPipe ? try descriptors.makePipe() : nil
        let stderrPipe = spec.stderr.needsPipe ? try descriptors.makePipe() : nil

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init", command)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdinPipe {
            try check(
                posix_spawn_file_actions_adddup2(&actions, stdinPipe.read, 0), "posix_spawn_file_actions_adddup2",
                command)
        } else {
            try check(
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0),
                "posix_spawn_file_actions_addopen", command)
        }
        for (pipe, target) in [(stdoutPipe, Int32(1)), (stderrPipe, Int32(2))] {
            if let pipe {
                try check(
                    posix_spawn_file_actions_adddup2(&actions, pipe.write, target), "posix_spawn_file_actions_adddup2",
                    command)
            } else {
                try check(
                    posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0),
                    "posix_spawn_file_actions_addopen", command)
            }
        }
        // Belt and braces: our own descriptors are close-on-exec, but other libraries' may not be,
        // and on a platform without pipe2 a descriptor another thread is making is not yet.
        let platform = Platform.current
        if platform.closeOnExec == .closeFrom {
            let closeFrom = cps_spawn_file_actions_addclosefrom(&actions, 3)
            if closeFrom != ENOSYS {
                try check(closeFrom, "posix_spawn_file_actions_addclosefrom_np", command)
            }
        }
        if let directory = spec.workingDirectory {
            let result = cps_spawn_file_actions_addchdir(&actions, directory)
            if result == ENOSYS {
                throw .unsupported(
                    command: command, feature: "posix_spawn_file_actions_addchdir_np (glibc 2.29 or later)")
            }
            try check(result, "posix_spawn_file_actions_addchdir_np", command)
        }

        try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init", command)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own where the C library can: setpgid() works only within one session, so
        // no process of one child can then hide in another child's group (a suite's in the fixture's,
        // which the sweep spares). Elsewhere a group of its own.
        let newSession = cps_spawn_setsid_flag()
        var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        flags |= newSession != 0 ? newSession : Int16(POSIX_SPAWN_SETPGROUP)
        if platform.closeOnExec == .spawnDefault {
            // Only the descriptors the file actions name (dup2 onto 0, 1 and 2) reach the child.
            flags |= cps_spawn_cloexec_default_flag()
        }
        try check(posix_spawnattr_setflags(&attributes, flags), "posix_spawnattr_setflags", command)
        if newSession == 0 {
            try check(posix_spawnattr_setpgroup(&attributes, 0), "posix_spawnattr_setpgroup", command)
        }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        try check(posix_spawnattr_setsigmask(&attributes, &emptyMask), "posix_spawnattr_setsigmask", command)
        // Every signal back to its default: an ignored disposition survives exec, and this process
        // ignores SIGPIPE (above) and, while an InterruptMonitor runs, SIGINT, SIGTERM and SIGHUP.
        var defaults = resetSignalSet()
        try check(posix_spawnattr_setsigdefault(&attributes, &defaults), "posix_spawnattr_setsigdefault", command)

        let argv = CStringArray(spec.arguments)
        let envp = CStringArray(spec.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        guard argv.isComplete, envp.isComplete else {
            throw .systemCallFailed(command: command, call: "strdup", errno: ENOMEM)
        }
        var pid: pid_t = 0
        var result: Int32 = 0
        // A program written a moment ago can still be open for writing in another process's child
        // between its fork and its exec (it inherited the writer's descriptor): exec then fails
        // with ETXTBSY until that child execs. Try again, as Go's os/exec does, waiting 10 ms and
        // doubling up to 100 ms (under load that child may wait long for its turn to exec): under a
        // second in all. Anything else fails at once.
        for attempt in 0..<Self.busyRetries {
            if attempt > 0 { SystemCall.sleep(for: .milliseconds(min(10 << (attempt - 1), 100))) }
            result = argv.pointers.withUnsafeBufferPointer { argvBuffer in
                envp.pointers.withUnsafeBufferPointer { envpBuffer in
                    // Both arrays hold at least their NULL terminator, so the bases exist.
                    guard let argvBase = argvBuffer.baseAddress, let envpBase = envpBuffer.baseAddress else {
                        return EINVAL
                    }
                    return posix_spawn(&pid, executable, &actions, &attributes, argvBase, envpBase)
                }
            }
            if result != ETXTBSY { break }
        }
        let startedAt = ContinuousClock.now
        switch result {
        case 0:
            break
        case ENOENT:
            throw .executableNotFound(command: named)
        case EACCES:
            throw .permissionDenied(command: named)
        default:
            throw .spawnFailed(command: named, errno: result)
        }

        // The child holds its own copies now; ours would keep the pipes from ever reaching EOF.
        if let stdinPipe { descriptors.closeNow(stdinPipe.read) }
        if let stdoutPipe { descriptors.closeNow(stdoutPipe.write) }
        if let stderrPipe { descriptors.closeNow(stderrPipe.write) }

        let workers = DispatchGroup()
        if let stdinPipe, case .bytes(let bytes) = spec.stdin {
            descriptors.release(stdinPipe.write)
            InputFeeder.start(
                fd: stdinPipe.write, bytes: bytes, wake: wake, group: workers, name: "gate-process-\(pid)-stdin")
        }
        // The read end of a captured stream, drained by a thread of its own into the sink.
        func drain(_ pipe: (read: Int32, write: Int32)?, into output: ProcessOutput, stream: String) -> OutputSink? {
            guard let pipe else { return nil }
            let sink = OutputSink(output)
            descriptors.release(pipe.read)
            OutputDrain.start(fd: pipe.read, sink: sink, wake: wake, group: workers, name: "gate-process-\(pid)-\(stream)")
            return sink
        }
        return ChildProcess(
            command: command, commandLine: String(spec.arguments.joined(separator: " ").prefix(512)), pid: pid, startedAt: startedAt,
            workers: workers, wake: wake,
            stdoutSink: drain(stdoutPipe, into: spec.stdout, stream: "stdout"),
            stderrSink: drain(stderrPipe, into: spec.stderr, stream: "stderr"), relay: spec.signalRelay)
    }

    // MARK: - Helpers

    /// The set of signals a child gets back at their default action: `sigfillset`, every signal
    /// the C library knows. (glibc's leaves out the two it reserves for its threads; SIGKILL and
    /// SIGSTOP are in it and harmless, as their action is always the default.) Not a loop up to
    /// SIGSYS: that is 12 on Darwin, which would leave SIGPIPE (13) and SIGTERM (15) ignored.
    static func resetSignalSet() -> sigset_t {
        var set = sigset_t()
        sigfillset(&set)
        return set
    }

    /// The signal numbers in ``resetSignalSet()``, for tests and reports.
    package static func signalsResetInChildren() -> Set<Int32> {
        var set = resetSignalSet()
        return Set((1..<SignalNumbers.native.count).filter { sigismember(&set, $0) == 1 })
    }

    /// How many times a spawn that fails with ETXTBSY is tried: 12 attempts wait 850 ms in all.
    static let busyRetries = 12

    /// Ignores SIGPIPE for this whole process, once. Why: writing stdin to a child that has exited
    /// must fail with EPIPE, not kill the supervisor. (Pipes have no MSG_NOSIGNAL.)
    private static let brokenPipesIgnored: Bool = {
        _ = signal(SIGPIPE, SIG_IGN)
        return true
    }()

    /// Rejects strings that C would silently cut short (NUL bytes) and malformed environment names.
    private static func validate(_ spec: ProcessSpec) throws(GateProcessError) {
        let command = spec.command
        if spec.arguments.contains(where: { $0.utf8.contains(0) }) {
            throw .invalidArgument(command: command, detail: "an argument contains a NUL byte")
        }
        for (name, value) in spec.environment {
            if name.isEmpty || name.utf8.contains(0) || name.contains("=") {
                throw .invalidArgument(
                    command: command, detail: "the environment name '\(name)' is empty or contains '=' or a NUL byte")
            }
            if value.utf8.contains(0) {
                throw .invalidArgument(
                    command: command, detail: "the environment variable '\(name)' contains a NUL byte")
            }
        }
    }

    /// Turns a non-zero posix_spawn* result into a typed error naming the call.
    private static func check(_ result: Int32, _ call: String, _ command: String) throws(GateProcessError) {
        if result != 0 {
            throw .systemCallFailed(command: command, call: call, errno: result)
        }
    }
}

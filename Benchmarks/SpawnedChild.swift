//===----------------------------------------------------------------------===//
// SpawnedChild.swift: posix_spawn a program, pipe bytes into it, read its stdout, wait4 it.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs children with posix_spawn (never Foundation.Process) and reports their rusage.
///
/// Standard input and output are pipes driven by one poll(2) loop, so a child that answers early
/// cannot deadlock against our writes; standard error is inherited.
enum SpawnedChild {
    /// Starts `arguments` (`arguments[0]` is the program path) with its stdin and stdout on pipes
    /// (stdout on /dev/null when `stdoutToNull`); it waits for input until ``finish(_:deadline:nextChunk:)``.
    ///
    /// Linux caution: a posix_spawn'd child's ru_maxrss starts at its *parent's* peak RSS (exec
    /// records the old address space's high-water mark, and posix_spawn's vfork-style child shares
    /// the parent's). So spawn before the parent grows, or the figure is the parent's.
    static func start(_ arguments: [String], stdoutToNull: Bool = false) throws(BenchmarkFailure) -> RunningChild {
        let input = try makePipe(nonBlockingWriteEnd: true)
        let output = try makePipe(nonBlockingWriteEnd: false)

        let pid: pid_t
        do {
            pid = try ChildSpawn.spawn(arguments) { actions in
                posix_spawn_file_actions_adddup2(&actions, input.read, 0)
                if stdoutToNull {
                    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                } else {
                    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
                }
            }
        } catch {
            for descriptor in [input.read, input.write, output.read, output.write] { close(descriptor) }
            throw error
        }
        // The child's ends belong to the child now.
        close(input.read)
        close(output.write)
        if stdoutToNull { close(output.read) }
        return RunningChild(
            pid: pid, command: arguments.joined(separator: " "), inputWrite: input.write,
            outputRead: stdoutToNull ? -1 : output.read)
    }

    /// Writes every chunk `nextChunk` returns (until nil) to the child's stdin, then closes it,
    /// collects its stdout, and reaps it with wait4.
    ///
    /// - Parameter deadline: seconds after which the child is killed (a failure).
    static func finish(
        _ child: RunningChild, deadline: Double = 300,
        nextChunk: () -> UnsafeRawBufferPointer?
    ) throws(BenchmarkFailure) -> ChildResult {
        var inputWrite = child.inputWrite
        var outputRead = child.outputRead
        defer {
            if inputWrite >= 0 { close(inputWrite) }
            if outputRead >= 0 { close(outputRead) }
        }
        var result = ChildResult()
        let watch = Stopwatch()
        var pending: UnsafeRawBufferPointer? = nextChunk()
        let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { readBuffer.deallocate() }
        if pending == nil { close(inputWrite); inputWrite = -1 }
        var lastSample = -1.0

        while inputWrite >= 0 || outputRead >= 0 {
            let now = watch.elapsed
            if now > deadline {
                kill(child.pid, SIGKILL)
                _ = waitpid(child.pid, nil, 0)
                throw BenchmarkFailure("\(child.command) still running after \(Int(deadline)) s; killed")
            }
            if now - lastSample >= 0.02 {
                result.sampledHighWaterKiB = max(result.sampledHighWaterKiB, child.highWaterMarkKiB() ?? 0)
                lastSample = now
            }
            var descriptors: [pollfd] = []
            if inputWrite >= 0 { descriptors.append(pollfd(fd: inputWrite, events: Int16(POLLOUT), revents: 0)) }
            if outputRead >= 0 { descriptors.append(pollfd(fd: outputRead, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 20)
            if ready < 0 {
                if errno == EINTR { continue }
                throw BenchmarkFailure("poll: \(String(cString: strerror(errno)))")
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                if descriptor.fd == inputWrite {
                    // Write until the pipe is full or the input is done.
                    while let chunk = pending, let base = chunk.baseAddress {
                        let written = write(inputWrite, base, chunk.count)
                        if written < 0 {
                            if errno == EINTR { continue }
                            if errno == EAGAIN { break }
                            // EPIPE: the child stopped reading (it may have rejected the stream).
                            result.inputRefused = true
                            pending = nil
                            break
                        }
                        result.bytesWritten += written
                        let rest = UnsafeRawBufferPointer(rebasing: chunk[written...])
                        pending = rest.isEmpty ? nextChunk() : rest
                    }
                    if pending == nil || pending?.baseAddress == nil {
                        close(inputWrite)
                        inputWrite = -1
                    }
                } else if descriptor.fd == outputRead {
                    guard let base = readBuffer.baseAddress else { continue }
                    let count = read(outputRead, base, readBuffer.count)
                    if count < 0, errno == EINTR || errno == EAGAIN { continue }
                    if count <= 0 {
                        close(outputRead)
                        outputRead = -1
                    } else {
                        result.stdout.append(contentsOf: UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
                    }
                }
            }
        }

        let reaped = try ChildSpawn.reap(child.pid)
        result.seconds = watch.elapsed
        result.status = reaped.status
        result.maximumRSSKiB = reaped.maximumRSSKiB
        result.cpuSeconds = reaped.cpuSeconds
        return result
    }

    /// The peak RSS this process has had so far, in KiB.
    static func ownPeakRSSKiB() -> Int {
        LibC.maximumRSSKiB(LibC.ownUsage())
    }

    /// A pipe whose ends close on exec (dup2 onto 0 or 1 clears that in the child). Only the write
    /// end of the child's stdin pipe, which we keep, is made non-blocking: the flag is shared with
    /// every copy of the descriptor, and the child's stdout must stay blocking.
    private static func makePipe(nonBlockingWriteEnd: Bool) throws(BenchmarkFailure) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw BenchmarkFailure("pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        if nonBlockingWriteEnd { _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK) }
        return (ends[0], ends[1])
    }
}

// WakePipe.swift
//
// A pipe used only to wake the reader and writer threads of one child when they must stop.

internal import CProcessShims
internal import GateSync

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A self-pipe: once `signal()` writes a byte it stays readable, so every thread polling `readFD`
/// wakes up and stops. Both ends close when the last thread lets go of it.
final class WakePipe: Sendable {
    /// The end the worker threads poll.
    let readFD: Int32
    /// The end `signal()` writes to.
    private let writeFD: Int32
    private let signalled = Locked(false)

    /// Creates the pipe (both ends close-on-exec).
    /// - Throws: `GateProcessError.systemCallFailed` when no pipe can be made.
    init(command: String) throws(GateProcessError) {
        var fds: [Int32] = [-1, -1]
        if cps_pipe_cloexec(&fds) != 0 {
            throw .systemCallFailed(command: command, call: "pipe", errno: errno)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Wakes every thread polling this pipe; later calls do nothing.
    func signal() {
        let first = signalled.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = SystemCall.retrying { write(writeFD, &byte, 1) }
    }
}

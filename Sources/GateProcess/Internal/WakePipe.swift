//===----------------------------------------------------------------------===//
// WakePipe.swift: the one self-pipe that wakes polling threads when they must stop.
//===----------------------------------------------------------------------===//

internal import CProcessShims
import GateCore

/// A self-pipe: once `signal()` writes a byte it stays readable, so every thread polling `readFD`
/// wakes up and stops: a child's reader and writer threads, the redirect fixture's event loop.
/// Both ends are made close-on-exec atomically where the system allows (a child spawned by
/// another thread meanwhile must not inherit them), and close when the last holder lets go.
package final class WakePipe: Sendable {
    /// The end the polling threads poll.
    package let readFD: Int32
    /// The end `signal()` writes to.
    private let writeFD: Int32
    private let signalled = Locked(false)

    /// Creates the pipe (both ends close-on-exec).
    /// - Parameter command: what messages name as the pipe's user.
    /// - Throws: `GateProcessError.systemCallFailed` when no pipe can be made.
    package init(command: String) throws(GateProcessError) {
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
    package func signal() {
        let first = signalled.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = SystemCall.retrying { write(writeFD, &byte, 1) }
    }
}

// SpawnDescriptors.swift
//
// Bookkeeping for the pipe ends created while spawning, so no failure path leaks one.

internal import CProcessShims
import GateCore

/// The descriptors opened for one spawn. Whatever is still held when this goes away is closed;
/// `release` hands a descriptor over to its new owner (a reader or writer thread).
final class SpawnDescriptors {
    private var held: Set<Int32> = []
    private let command: String

    /// Starts with nothing held; `command` is used in error messages.
    init(command: String) {
        self.command = command
    }

    deinit {
        for fd in held {
            close(fd)
        }
    }

    /// Makes a close-on-exec pipe and holds both ends.
    /// - Throws: `GateProcessError.systemCallFailed` when the pipe cannot be made.
    func makePipe() throws(GateProcessError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        if cps_pipe_cloexec(&fds) != 0 {
            throw .systemCallFailed(command: command, call: "pipe", errno: errno)
        }
        held.insert(fds[0])
        held.insert(fds[1])
        return (fds[0], fds[1])
    }

    /// Closes `fd` now (used for the child's ends once the child holds its own copies).
    func closeNow(_ fd: Int32) {
        if held.remove(fd) != nil {
            _ = close(fd)
        }
    }

    /// Stops holding `fd`: its new owner will close it.
    func release(_ fd: Int32) {
        held.remove(fd)
    }
}

//===----------------------------------------------------------------------===//
// WakePipe.swift: the self-pipe that stops the event loop.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A pipe whose read end the event loop polls; one byte written to it stops the loop. Both ends
/// are non-blocking and close-on-exec.
struct WakePipe: Sendable {
    /// The end the loop polls.
    let readFD: Int32
    /// The end ``wake()`` writes to.
    let writeFD: Int32

    /// Creates the pipe.
    /// - Throws: ``FixtureError/systemCallFailed(call:errno:)`` when no pipe can be made.
    init() throws(FixtureError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0, let read = fds.first, let write = fds.last else {
            throw .systemCallFailed(call: "pipe", errno: errno)
        }
        for fd in [read, write] {
            let flags = fcntl(fd, F_GETFL)
            let descriptorFlags = fcntl(fd, F_GETFD)
            guard flags >= 0, descriptorFlags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0,
                fcntl(fd, F_SETFD, descriptorFlags | FD_CLOEXEC) == 0
            else {
                let code = errno
                _ = close(read)
                _ = close(write)
                throw .systemCallFailed(call: "fcntl", errno: code)
            }
        }
        readFD = read
        writeFD = write
    }

    /// Makes the read end readable. Safe to call more than once (a full pipe is still readable).
    func wake() {
        var byte: UInt8 = 1
        while write(writeFD, &byte, 1) < 0 && errno == EINTR {}
    }

    /// Closes both ends; call once the loop has stopped.
    func closeBoth() {
        _ = close(readFD)
        _ = close(writeFD)
    }
}

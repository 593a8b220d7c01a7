// InputFeeder.swift
//
// The thread that writes a child's stdin bytes and then closes the pipe.

internal import Dispatch
internal import Foundation
import GateCore

/// Writes the stdin bytes on a dedicated thread, so a child that writes output before it has read
/// all its input cannot deadlock against us.
enum InputFeeder {
    /// Starts writing `bytes` to `fd` (which the thread then owns and closes). Stops early, without
    /// error, when the child closes its end (EPIPE) or `wake` is signalled. `group` is entered now
    /// and left when the thread is done.
    static func start(fd: Int32, bytes: [UInt8], wake: WakePipe, group: DispatchGroup, name: String) {
        group.enter()
        let thread = Thread {
            feed(fd: fd, bytes: bytes, wake: wake)
            close(fd)
            group.leave()
        }
        thread.name = name
        thread.start()
    }

    private static func feed(fd: Int32, bytes: [UInt8], wake: WakePipe) {
        // Non-blocking, so a stuck reader can never hold this thread past a wake-up.
        guard SystemCall.setNonBlocking(fd) else { return }
        bytes.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            var offset = 0
            while offset < all.count {
                guard let ready = SystemCall.waitReady(fd, events: Int16(POLLOUT), orWake: wake.readFD) else {
                    return
                }
                if ready & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 && ready & Int16(POLLOUT) == 0 {
                    return
                }
                let chunk = min(all.count - offset, 64 * 1024)
                let written = SystemCall.retrying { write(fd, base + offset, chunk) }
                if written > 0 {
                    offset += written
                } else if written < 0 && errno != EAGAIN && errno != EWOULDBLOCK {
                    return  // EPIPE: the child stopped reading, which is its right.
                }
            }
        }
    }
}

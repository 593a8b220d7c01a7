// OutputDrain.swift
//
// The thread that reads one of a child's output pipes until end of file.

internal import Dispatch
internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Reads one output pipe on a dedicated thread, so stdout and stderr drain concurrently and a
/// child that floods both never blocks on a full pipe.
enum OutputDrain {
    /// Starts reading `fd` (which the thread then owns and closes) into `sink`, until end of file
    /// or until `wake` is signalled. `group` is entered now and left when the thread is done.
    static func start(fd: Int32, sink: OutputSink, wake: WakePipe, group: DispatchGroup, name: String) {
        group.enter()
        let thread = Thread {
            let reachedEnd = drain(fd: fd, sink: sink, wake: wake)
            close(fd)
            sink.finish(reachedEndOfFile: reachedEnd)
            group.leave()
        }
        thread.name = name
        thread.start()
    }

    /// The read loop; returns true at end of file, false when woken (cut off) or on a read error.
    private static func drain(fd: Int32, sink: OutputSink, wake: WakePipe) -> Bool {
        let capacity = 64 * 1024
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        while true {
            guard SystemCall.waitReady(fd, events: Int16(POLLIN), orWake: wake.readFD) != nil else {
                return false
            }
            let count = SystemCall.retrying { read(fd, buffer.baseAddress, capacity) }
            if count > 0 {
                sink.consume(UnsafeBufferPointer(rebasing: buffer[..<count]))
            } else if count == 0 {
                return true
            } else if errno != EAGAIN && errno != EWOULDBLOCK {
                return false
            }
        }
    }
}

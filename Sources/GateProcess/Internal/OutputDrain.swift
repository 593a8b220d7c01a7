// OutputDrain.swift
//
// The thread that reads one of a child's output pipes until end of file.

internal import Dispatch
internal import Foundation
import GateCore

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

    /// Cut off: what the pipe already holds is still read (a child that exited wrote it, and a
    /// thread starved on a loaded machine must not lose it), without waiting for more. At most
    /// ``finalReads`` reads, so a stray process that keeps writing cannot hold the drain.
    /// - Returns: true when end of file was reached after all.
    private static func drainAlreadyWritten(fd: Int32, into sink: OutputSink, buffer: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        for _ in 0..<finalReads {
            guard SystemCall.isReadableNow(fd) else { return false }
            let count = SystemCall.retrying { read(fd, buffer.baseAddress, buffer.count) }
            guard count > 0 else { return count == 0 }
            sink.consume(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
        return false
    }

    /// How many reads a cut-off drain still makes: 16 × 64 KiB, more than a pipe holds.
    static let finalReads = 16

    /// The read loop; returns true at end of file, false when woken (cut off) or on a read error.
    private static func drain(fd: Int32, sink: OutputSink, wake: WakePipe) -> Bool {
        let capacity = 64 * 1024
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        while true {
            guard SystemCall.waitReady(fd, events: Int16(POLLIN), orWake: wake.readFD) != nil else {
                return drainAlreadyWritten(fd: fd, into: sink, buffer: buffer)
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

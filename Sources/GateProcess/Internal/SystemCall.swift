// SystemCall.swift
//
// Small helpers around raw system calls: EINTR retries, sleeping, duration conversion.

import GateCore

/// Helpers for calling the C library safely.
enum SystemCall {
    /// Calls `call` again for as long as it fails with EINTR; returns its first other result.
    /// Never use this for `close`: on Linux the descriptor is gone even when `close` says EINTR.
    static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result == -1 && errno == EINTR {
                continue
            }
            return result
        }
    }

    /// Sleeps for `duration` (at least zero), resuming after signal interruptions.
    static func sleep(for duration: Duration) {
        let total = nanoseconds(duration)
        guard total > 0 else { return }
        var request = timespec(tv_sec: Int(total / 1_000_000_000), tv_nsec: Int(total % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR {
            request = remaining
        }
    }

    /// `duration` in whole nanoseconds, clamped to 0 … Int64.max.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 {
            return 0
        }
        if seconds >= Int64.max / 1_000_000_000 - 1 {
            return Int64.max
        }
        return max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// Sets `O_NONBLOCK` on `fd`; returns false when `fcntl` fails.
    static func setNonBlocking(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return false }
        return fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0
    }

    /// Whether `fd` has data (or end of file) to read at once, without waiting.
    static func isReadableNow(_ fd: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return retrying { poll(&descriptor, 1, 0) } == 1 && descriptor.revents & Int16(POLLIN | POLLHUP) != 0
    }

    /// Waits until `fd` is ready for `events` or `wake` becomes readable.
    /// - Returns: the revents of `fd`, or `nil` when `wake` fired (or `poll` failed for good).
    static func waitReady(_ fd: Int32, events: Int16, orWake wake: Int32) -> Int16? {
        var fds = [
            pollfd(fd: fd, events: events, revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let count = fds.count
        let result = retrying { fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t(count), -1) } }
        if result < 0 || fds[1].revents != 0 {
            return nil
        }
        return fds[0].revents
    }
}

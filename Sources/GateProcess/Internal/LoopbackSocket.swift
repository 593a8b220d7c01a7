// LoopbackSocket.swift
//
// Non-blocking TCP connects with a timeout, and reading an HTTP status line, over IPv4 literals.

import GateCore

/// Raw TCP helpers for readiness probes and port checks. Hosts are IPv4 literals; nothing is resolved.
enum LoopbackSocket {
    /// The outcome of one connection attempt: a connected descriptor, or why there is none.
    enum Connect {
        /// Connected; the caller owns and must close the descriptor.
        case connected(Int32)
        /// Not connected, with a short reason such as "connection refused" or "timed out".
        case failed(String)
    }

    /// Closes a descriptor returned by `attempt` (once; `close` is never retried).
    static func release(_ fd: Int32) {
        _ = close(fd)
    }

    /// Parses an IPv4 literal such as `127.0.0.1`; `nil` for anything else (names are not resolved).
    static func ipv4(_ host: String) -> in_addr? {
        var address = in_addr()
        guard inet_pton(AF_INET, host, &address) == 1 else { return nil }
        return address
    }

    /// True when `port` is a usable TCP port number.
    static func isValidPort(_ port: Int) -> Bool {
        (1...65535).contains(port)
    }

    /// Connects to `address:port` without blocking for longer than `timeout`.
    static func attempt(to address: in_addr, port: Int, timeout: Duration) -> Connect {
        // Where SOCK_CLOEXEC is missing (Darwin, a portable build) close-on-exec comes from fcntl;
        // Darwin's spawns use POSIX_SPAWN_CLOEXEC_DEFAULT, so the gap cannot leak into a child there.
        #if canImport(Darwin)
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #elseif ACCEPTANCE_GATE_PORTABLE
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
        guard fd >= 0 else { return .failed("socket failed: \(errorText(errno))") }
        #if canImport(Darwin) || ACCEPTANCE_GATE_PORTABLE
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #endif
        #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        guard SystemCall.setNonBlocking(fd) else {
            let code = errno
            close(fd)
            return .failed("fcntl failed: \(errorText(code))")
        }
        var socketAddress = sockaddr_in()
        #if canImport(Darwin)
            socketAddress.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        socketAddress.sin_addr = address
        let result = withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                connect(fd, raw, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result == 0 {
            return .connected(fd)
        }
        let code = errno
        guard code == EINPROGRESS || code == EINTR else {
            close(fd)
            return .failed(errorText(code))
        }
        guard let revents = waitFor(fd, events: Int16(POLLOUT), timeout: timeout) else {
            close(fd)
            return .failed("timed out after \(milliseconds(timeout)) ms")
        }
        var socketError: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        if getsockopt(fd, SOL_SOCKET, SO_ERROR, &socketError, &length) != 0 {
            socketError = errno
        }
        if socketError == 0 && revents & Int16(POLLOUT) != 0 {
            return .connected(fd)
        }
        close(fd)
        return .failed(errorText(socketError == 0 ? ECONNREFUSED : socketError))
    }

    /// Sends all of `bytes` on the non-blocking `fd` before `deadline`; returns false on failure.
    static func sendAll(_ bytes: [UInt8], on fd: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBufferPointer { buffer in
                #if canImport(Darwin)
                    send(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, 0)
                #else
                    send(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #endif
            }
            if sent > 0 {
                offset += sent
                continue
            }
            guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
            let left = deadline - .now
            guard left > .zero, waitFor(fd, events: Int16(POLLOUT), timeout: left) != nil else { return false }
        }
        return true
    }

    /// Reads from the non-blocking `fd` until the first line ends, the peer closes, `limit` bytes
    /// arrive or `deadline` passes; returns the first line without its line ending, or `nil`.
    static func readFirstLine(from fd: Int32, limit: Int = 1024, until deadline: ContinuousClock.Instant) -> String? {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        while true {
            if let end = received.firstIndex(of: UInt8(ascii: "\n")) {
                var line = received[..<end]
                if line.last == UInt8(ascii: "\r") {
                    line = line.dropLast()
                }
                return String(decoding: line, as: UTF8.self)
            }
            if received.count >= limit {
                return nil
            }
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: chunk[..<count])
                continue
            }
            if count == 0 {
                return received.isEmpty ? nil : String(decoding: received, as: UTF8.self)
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return nil }
            let left = deadline - .now
            guard left > .zero, waitFor(fd, events: Int16(POLLIN), timeout: left) != nil else { return nil }
        }
    }

    /// Waits up to `timeout` for `events` on `fd`; the revents, or `nil` on timeout or failure.
    private static func waitFor(_ fd: Int32, events: Int16, timeout: Duration) -> Int16? {
        let deadline = ContinuousClock.now + timeout
        while true {
            var descriptor = pollfd(fd: fd, events: events, revents: 0)
            let left = max(0, SystemCall.nanoseconds(deadline - .now) / 1_000_000)
            let result = poll(&descriptor, 1, Int32(clamping: left))
            if result > 0 {
                return descriptor.revents
            }
            if result == 0 || errno != EINTR {
                return nil
            }
        }
    }

    /// Whole milliseconds in `duration`, for messages.
    private static func milliseconds(_ duration: Duration) -> Int64 {
        SystemCall.nanoseconds(duration) / 1_000_000
    }

    /// The C library's text for `code`, lower-cased at the start to fit inside a sentence.
    static func errorText(_ code: Int32) -> String {
        guard let raw = strerror(code) else { return "error \(code)" }
        let text = String(cString: raw)
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}

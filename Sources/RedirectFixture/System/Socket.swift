//===----------------------------------------------------------------------===//
// Socket.swift: the POSIX socket calls the fixture makes, with platform differences hidden.
//===----------------------------------------------------------------------===//

import GateCore

/// Thin wrappers over the socket system calls, all on IPv4 loopback.
///
/// Every descriptor made here is non-blocking and close-on-exec, so a child the gate spawns
/// never inherits a listener and keeps a port busy after the fixture is gone.
enum Socket {
    /// 127.0.0.1 in host byte order. The fixture binds nothing else.
    static let loopbackAddress: UInt32 = 0x7F00_0001

    /// How many pending connections the kernel may queue per listener (it clamps to somaxconn).
    static let backlog: Int32 = 4096

    /// The outcome of one `accept`.
    enum AcceptResult {
        /// A new connection's descriptor.
        case accepted(Int32)
        /// Nothing is waiting (EAGAIN).
        case empty
        /// A connection went away before it was accepted, or a signal interrupted; try again.
        case retry
        /// Out of descriptors or memory (EMFILE, ENFILE, ENOBUFS, ENOMEM): stop accepting for a while.
        case exhausted
    }

    // MARK: - Listening

    /// Opens a listening socket on 127.0.0.1:`port` (0 for an ephemeral port).
    ///
    /// `SO_REUSEADDR` is set so a restarted fixture can bind while old connections sit in
    /// TIME_WAIT. On Linux it does not let two listeners share a port; on Darwin (and the other
    /// BSDs) it does let 127.0.0.1:P be bound while another socket of the same user listens on
    /// `*:P` (XNU `in_pcbbind`, `bsd/netinet/in_pcb.c`: with SO_REUSEADDR the wildcard conflict is
    /// not looked up), and the suites would then reach that other listener. So a fixed port is
    /// first probed with a connect (``acceptsConnections(port:)``): anything that answers on
    /// 127.0.0.1:P, whatever address it bound, means the port is in use, on every platform.
    /// - Returns: the descriptor and the port actually bound.
    /// - Throws: ``FixtureError/portInUse(port:)``, ``FixtureError/portNotPermitted(port:)`` or
    ///   ``FixtureError/systemCallFailed(call:errno:)``.
    static func openListener(port: Int) throws(FixtureError) -> (fd: Int32, port: Int) {
        guard let port16 = UInt16(exactly: port) else {
            throw .invalidPorts(origin: port, foreign: port)
        }
        if port != 0 && acceptsConnections(port: port16) {
            throw .portInUse(port: port)
        }
        let fd = makeStreamSocket()
        guard fd >= 0 else { throw .systemCallFailed(call: "socket", errno: errno) }
        var succeeded = false
        defer { if !succeeded { _ = close(fd) } }
        guard configure(fd) else { throw .systemCallFailed(call: "fcntl", errno: errno) }
        var one: Int32 = 1
        guard setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 else {
            throw .systemCallFailed(call: "setsockopt(SO_REUSEADDR)", errno: errno)
        }

        var address = loopback(port: port16)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if bound != 0 {
            let code = errno
            switch code {
            case EADDRINUSE: throw .portInUse(port: port)
            case EACCES: throw .portNotPermitted(port: port)
            default: throw .systemCallFailed(call: "bind", errno: code)
            }
        }
        if listen(fd, backlog) != 0 {
            let code = errno
            // Two listeners racing for the same port: Linux reports the loser at listen().
            if code == EADDRINUSE { throw .portInUse(port: port) }
            throw .systemCallFailed(call: "listen", errno: code)
        }

        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw .systemCallFailed(call: "getsockname", errno: errno) }
        succeeded = true
        return (fd, Int(UInt16(bigEndian: actual.sin_port)))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port` now: a listener on that
    /// address or on the wildcard. Loopback answers at once (a refusal is an immediate RST), so a
    /// connect still pending after `timeoutMilliseconds` counts as accepted: the port is not free.
    static func acceptsConnections(port: UInt16, timeoutMilliseconds: Int32 = 250) -> Bool {
        let fd = makeStreamSocket()
        guard fd >= 0 else { return false }
        defer { _ = close(fd) }
        guard configure(fd) else { return false }
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result == 0 {
            return !isConnectedToItself(fd, port: port)
        }
        guard errno == EINPROGRESS || errno == EINTR else { return false }
        var waiting = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        // A signal cuts the wait short: wait again for what is left of it.
        let deadline = ContinuousClock.now + .milliseconds(Int(timeoutMilliseconds))
        var ready: Int32 = -1
        while ready < 0 {
            let left = deadline - ContinuousClock.now
            let milliseconds = max(0, Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            ready = poll(&waiting, 1, milliseconds)
            if ready < 0 && errno != EINTR { return false }
        }
        guard ready > 0 else { return true }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return false }
        return error == 0 && !isConnectedToItself(fd, port: port)
    }

    /// Whether `fd` got connected to itself: a connect to a free port of the ephemeral range can be
    /// given that same port as its own (TCP simultaneous open), which is no listener at all.
    private static func isConnectedToItself(_ fd: Int32, port: UInt16) -> Bool {
        var local = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &local) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return named == 0 && UInt16(bigEndian: local.sin_port) == port
    }

    // MARK: - Connections

    /// Accepts one pending connection from `listener`, non-blocking, close-on-exec, no Nagle delay.
    static func acceptConnection(from listener: Int32) -> AcceptResult {
        // accept4 would save two fcntl calls, but Glibc's module map hides it (_GNU_SOURCE).
        let fd = accept(listener, nil, nil)
        if fd < 0 {
            switch errno {
            case EAGAIN, EWOULDBLOCK: return .empty
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted
            default: return .retry  // EINTR, ECONNABORTED, EPROTO and the like concern one connection only.
            }
        }
        guard configure(fd) else {
            _ = close(fd)
            return .retry
        }
        #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var noDelay: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        return .accepted(fd)
    }

    /// Reads what is available into `buffer`.
    /// - Returns: the byte count, 0 at end of stream, or -1 with `errno` set.
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        while true {
            let count = recv(fd, base, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Writes as much of `bytes` as the socket takes now, never raising SIGPIPE.
    /// - Returns: the byte count written, or -1 with `errno` set.
    static func sendBytes(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        #if os(Linux)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0  // SO_NOSIGPIPE is set on every accepted socket instead.
        #endif
        while true {
            let count = send(fd, base, bytes.count, flags)
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Ends our direction of the stream (FIN), leaving the other direction readable.
    static func shutdownWrite(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// Closes `fd`. Never retried: on Linux the descriptor is gone even when `close` reports EINTR.
    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    // MARK: - Helpers

    /// A new IPv4 stream socket, or -1.
    private static func makeStreamSocket() -> Int32 {
        #if os(Linux)
            return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            return socket(AF_INET, SOCK_STREAM, 0)
        #endif
    }

    /// Makes `fd` non-blocking and close-on-exec; false when `fcntl` fails.
    private static func configure(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { return false }
        let descriptorFlags = fcntl(fd, F_GETFD)
        return descriptorFlags >= 0 && fcntl(fd, F_SETFD, descriptorFlags | FD_CLOEXEC) == 0
    }

    /// The socket address 127.0.0.1:`port`.
    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: loopbackAddress.bigEndian)
        return address
    }
}

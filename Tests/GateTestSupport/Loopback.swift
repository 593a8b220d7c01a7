//===----------------------------------------------------------------------===//
// Loopback.swift: TCP sockets on 127.0.0.1 for tests.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// TCP sockets on 127.0.0.1 for tests: never anything but loopback, never SIGPIPE.
package enum Loopback {
    /// `send(2)` flags that turn SIGPIPE into EPIPE (Darwin sets SO_NOSIGPIPE on the socket instead).
    #if os(Linux)
        package static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
        package static let sendFlags: Int32 = 0
    #endif

    /// A new TCP socket that never raises SIGPIPE, or -1.
    package static func makeTCPSocket() -> Int32 {
        #if os(Linux)
            return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
            var one: Int32 = 1
            if fd >= 0 { setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size)) }
            return fd
        #endif
    }

    /// The address 127.0.0.1:`port`.
    package static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(truncatingIfNeeded: port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return address
    }

    /// Whether a server could bind 127.0.0.1:`port` now, with SO_REUSEADDR as the fixture sets it.
    package static func canBind(_ port: Int) -> Bool {
        let fd = makeTCPSocket()
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = address(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return bound == 0 && listen(fd, 1) == 0
    }

    /// A listening socket on a free port of 127.0.0.1 (`0.0.0.0` with `wildcard`) and its port, or
    /// `nil` (the socket closed) when it cannot be bound.
    package static func listening(backlog: Int32, wildcard: Bool = false) -> (fd: Int32, port: Int)? {
        let fd = makeTCPSocket()
        guard fd >= 0 else { return nil }
        var address = address(port: 0)
        if wildcard { address.sin_addr = in_addr(s_addr: 0) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, backlog) == 0 else {
            close(fd)
            return nil
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: actual.sin_port)))
    }

    /// A port that was free a moment ago (bound, read back, released).
    package static func freePort() throws -> Int {
        try BusyPort().port
    }
}

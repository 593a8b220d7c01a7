//===----------------------------------------------------------------------===//
// BusyPort.swift: a listening socket that keeps an ephemeral 127.0.0.1 port busy.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A listening socket on an ephemeral 127.0.0.1 port, to make that port busy; closed when released.
package final class BusyPort {
    /// The socket.
    package let fd: Int32
    /// The port it holds.
    package let port: Int

    /// Binds and listens on a free port of 127.0.0.1, or of the wildcard address (`*:P`, which
    /// takes connections to 127.0.0.1:P too) when `wildcard` is true.
    ///
    /// - Throws: ``SupportFailure`` when no socket can be bound.
    package init(wildcard: Bool = false) throws {
        let fd = Loopback.makeTCPSocket()
        guard fd >= 0 else { throw SupportFailure("socket failed: errno \(errno)") }
        var address = Loopback.address(port: 0)
        if wildcard { address.sin_addr = in_addr(s_addr: 0) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 1) == 0 else {
            close(fd)
            throw SupportFailure("could not bind and listen on a port of 127.0.0.1")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: actual.sin_port))
    }

    deinit {
        close(fd)
    }
}

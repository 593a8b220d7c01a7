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
        guard let (fd, port) = Loopback.listening(backlog: 1, wildcard: wildcard) else {
            throw SupportFailure("could not bind and listen on a port of 127.0.0.1: errno \(errno)")
        }
        self.fd = fd
        self.port = port
    }

    deinit {
        close(fd)
    }
}

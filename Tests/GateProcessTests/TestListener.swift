// TestListener.swift
//
// A small loopback TCP listener for the readiness and port tests, optionally answering HTTP.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP listener on 127.0.0.1 that can answer each connection with fixed bytes.
final class TestListener: @unchecked Sendable {
    enum Failure: Error { case socket(String, Int32) }

    /// The port it listens on.
    let port: Int
    private let fd: Int32
    private let lock = NSLock()
    private var stopped = false
    private var requests: [String] = []
    private let finished = DispatchSemaphore(value: 0)
    private var serving = false

    /// Listens on 127.0.0.1:`port` (0 picks a free port).
    init(port: Int = 0) throws {
        #if canImport(Darwin)
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { throw Failure.socket("socket", errno) }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let code = errno
            close(fd)
            throw Failure.socket("bind/listen", code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// A port that was free a moment ago (bound and released), for a listener started later.
    static func freePort() throws -> Int {
        let listener = try TestListener()
        listener.stop()
        return listener.port
    }

    /// Answers every connection with `response` on a background thread until `stop`: reads the
    /// request up to the blank line, records it, writes `response`, closes the connection.
    func serve(response: String) {
        lock.lock()
        serving = true
        lock.unlock()
        let thread = Thread { [self] in
            defer { finished.signal() }
            while !isStopped {
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 50) > 0 else { continue }
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { continue }
                let request = Self.readRequest(connection)
                lock.lock()
                requests.append(request)
                lock.unlock()
                let bytes = Array(response.utf8)
                _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
                close(connection)
            }
        }
        thread.start()
    }

    /// The requests received so far.
    var received: [String] {
        lock.lock()
        defer { lock.unlock() }
        return requests
    }

    /// Stops serving and closes the listening socket; safe to call twice.
    func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        let wasServing = serving
        lock.unlock()
        guard !wasStopped else { return }
        if wasServing {
            _ = finished.wait(timeout: .now() + 5)
        }
        _ = close(fd)
    }

    deinit {
        stop()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private static func readRequest(_ connection: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline, bytes.count < 16 * 1024 {
            if String(decoding: bytes, as: UTF8.self).contains("\r\n\r\n") {
                break
            }
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

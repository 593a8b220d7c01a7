//===----------------------------------------------------------------------===//
// RawClient.swift: a blocking TCP client on 127.0.0.1 that sends exact bytes.
//===----------------------------------------------------------------------===//

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking TCP client to 127.0.0.1 with receive and send timeouts, for sending exact (and
/// hostile) bytes and reading responses one by one. Closes its socket when released.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:`port`; every later read or write gives up after `timeout`.
    init(port: Int, timeout: Duration = .seconds(5)) throws {
        let fd = makeTCPSocket()
        guard fd >= 0 else { throw TestFailure("socket failed: errno \(errno)") }
        self.fd = fd
        let (seconds, attoseconds) = timeout.components
        var time = timeval()
        time.tv_sec = .init(seconds)
        time.tv_usec = .init(attoseconds / 1_000_000_000_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = RawClient.loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw TestFailure("connect to 127.0.0.1:\(port) failed: errno \(code)")
        }
    }

    deinit {
        close(fd)
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(truncatingIfNeeded: port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return address
    }

    // MARK: - Sending

    /// Sends all of `bytes`; a peer that has closed makes this throw (never SIGPIPE).
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { sendBytes(fd, $0) }
            if sent < 0 {
                if errno == EINTR { continue }
                throw TestFailure("send failed: errno \(errno)")
            }
            offset += sent
        }
    }

    /// Sends the UTF-8 of `text`.
    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    /// Sends one byte of `text` at a time, `interval` apart (a slow client).
    func trickle(_ text: String, interval: Duration) throws {
        for byte in text.utf8 {
            try send([byte])
            pause(interval)
        }
    }

    /// Half-closes: the server reads end of stream, we can still read.
    func shutdownWrite() {
        shutdown(fd, Int32(SHUT_WR))
    }

    // MARK: - Receiving

    /// Reads more bytes into the buffer.
    /// - Returns: the count read, 0 at end of stream.
    @discardableResult
    private func fill() throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { throw TestFailure("timed out waiting for the server") }
                if errno == ECONNRESET { return 0 }
                throw TestFailure("recv failed: errno \(errno)")
            }
            buffer.append(contentsOf: chunk[0..<count])
            return count
        }
    }

    /// Reads one response; `bodyExpected` false for a HEAD request or an interim response.
    func readResponse(bodyExpected: Bool = true) throws -> RawResponse {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            if let range = buffer.firstRange(of: terminator) {
                headEnd = range.upperBound
            } else if try fill() == 0 {
                throw TestFailure(
                    "the connection closed before a full response head; got \(String(decoding: buffer, as: UTF8.self).debugDescription)")
            }
        }
        guard let headEnd else { throw TestFailure("unreachable") }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        var response = RawResponse(head: head, body: [])
        let length = bodyExpected ? Int(response.header("Content-Length") ?? "0") ?? 0 : 0
        while buffer.count < headEnd + length {
            if try fill() == 0 { throw TestFailure("the connection closed inside a response body") }
        }
        response.body = Array(buffer[headEnd..<(headEnd + length)])
        buffer.removeFirst(headEnd + length)
        return response
    }

    /// Reads until the server closes; returns everything read (including what was buffered).
    func readToEnd() throws -> [UInt8] {
        while try fill() > 0 {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// Whether the server closes the connection (end of stream or reset) without sending more
    /// bytes, before the receive timeout.
    func closesWithoutData() throws -> Bool {
        try readToEnd().isEmpty
    }
}

/// Sleeps the calling thread for `duration`.
func pause(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
}

//===----------------------------------------------------------------------===//
// LoadGenerator.swift: closed-loop keep-alive HTTP load on one port, with per-request latency.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sends `GET /target` over `connections` keep-alive connections to 127.0.0.1:`port`, one request
/// in flight per connection (a closed loop: the next request leaves when the response is in), and
/// times every request. One thread, one poll(2) set, TCP_NODELAY on every socket.
///
/// Each response is checked: status 200 and body `ok` (sized by `Content-Length`).
struct LoadGenerator {
    let port: Int
    let connections: Int

    private static let request = Array("GET /target HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: fixture-bench\r\n\r\n".utf8)

    /// One connection's state.
    private struct Client {
        var fd: Int32
        var buffer: [UInt8] = []
        var sentAt = 0.0
    }

    /// Runs for `warmup` seconds unmeasured, then `seconds` measured.
    func run(seconds: Double, warmup: Double) throws(BenchmarkFailure) -> LoadResult {
        var clients: [Client] = []
        defer { for client in clients { close(client.fd) } }
        for _ in 0..<connections {
            clients.append(Client(fd: try Self.connect(port: port)))
        }
        var result = LoadResult()
        result.latencies.reserveCapacity(Int(seconds * 100_000))
        let watch = Stopwatch()
        for index in clients.indices { try send(&clients[index], now: watch.elapsed) }

        var descriptors = clients.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var measuring = false
        var measureStart = 0.0
        while true {
            let now = watch.elapsed
            if !measuring, now >= warmup {
                measuring = true
                measureStart = now
            }
            if measuring, now - measureStart >= seconds { break }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 100)
            if ready < 0 {
                if errno == EINTR { continue }
                throw BenchmarkFailure("poll: errno \(errno)")
            }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { recv(clients[index].fd, $0.baseAddress, $0.count, 0) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else { throw BenchmarkFailure("server on port \(port) closed a keep-alive connection") }
                clients[index].buffer.append(contentsOf: chunk[0..<count])
                while let (length, good) = Self.completeResponse(in: clients[index].buffer) {
                    clients[index].buffer.removeFirst(length)
                    let done = watch.elapsed
                    if measuring {
                        result.latencies.append((done - clients[index].sentAt) * 1e6)
                        if !good { result.badResponses += 1 }
                    }
                    try send(&clients[index], now: done)
                }
            }
        }
        result.seconds = watch.elapsed - measureStart
        return result
    }

    private func send(_ client: inout Client, now: Double) throws(BenchmarkFailure) {
        client.sentAt = now
        let sent = Self.request.withUnsafeBytes { LibC.send(client.fd, $0.baseAddress, $0.count) }
        guard sent == Self.request.count else { throw BenchmarkFailure("send to port \(port) failed: errno \(errno)") }
    }

    /// The length of the first complete response in `buffer` and whether it was `200` + `ok`;
    /// nil while incomplete. Works on bytes: a String per response would cost more than the server.
    private static func completeResponse(in buffer: [UInt8]) -> (length: Int, good: Bool)? {
        guard let end = headEnd(in: buffer) else { return nil }
        let contentLength = contentLength(in: buffer[0..<end]) ?? 0
        guard buffer.count >= end + contentLength else { return nil }
        let good = buffer.starts(with: statusOK) && buffer[end..<(end + contentLength)].elementsEqual("ok".utf8)
        return (end + contentLength, good)
    }

    private static let statusOK = Array("HTTP/1.1 200 ".utf8)
    private static let lengthName = Array("\r\ncontent-length:".utf8)

    /// One past the CR LF CR LF that ends the head.
    private static func headEnd(in buffer: [UInt8]) -> Int? {
        var index = 3
        while index < buffer.count {
            if buffer[index] == 10, buffer[index - 1] == 13, buffer[index - 2] == 10, buffer[index - 3] == 13 {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// The `Content-Length` value in `head` (header names compared case-insensitively).
    private static func contentLength(in head: ArraySlice<UInt8>) -> Int? {
        var index = head.startIndex
        while index + lengthName.count <= head.endIndex {
            var matches = true
            for offset in 0..<lengthName.count {
                let byte = head[index + offset]
                let lowered = byte >= 65 && byte <= 90 ? byte + 32 : byte
                if lowered != lengthName[offset] {
                    matches = false
                    break
                }
            }
            if matches {
                var cursor = index + lengthName.count
                var value = 0
                while cursor < head.endIndex, head[cursor] == 32 { cursor += 1 }
                while cursor < head.endIndex, head[cursor] >= 48, head[cursor] <= 57 {
                    value = value * 10 + Int(head[cursor] - 48)
                    cursor += 1
                }
                return value
            }
            index += 1
        }
        return nil
    }

    private static func connect(port: Int) throws(BenchmarkFailure) -> Int32 {
        let fd = LibC.streamSocket()
        guard fd >= 0 else { throw BenchmarkFailure("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(truncatingIfNeeded: port).bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                LibC.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw BenchmarkFailure("connect to 127.0.0.1:\(port): errno \(errno)")
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return fd
    }
}

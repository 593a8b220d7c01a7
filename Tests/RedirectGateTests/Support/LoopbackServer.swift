//===----------------------------------------------------------------------===//
// LoopbackServer.swift: a tiny HTTP/1.1 server on 127.0.0.1 for the gate tests.
//===----------------------------------------------------------------------===//

import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request as the loopback server saw it.
struct RecordedRequest: Sendable {
    var method: String
    var path: String
    /// Header names lowercased, values as sent.
    var headers: [String: String]
}

/// What a route answers.
struct CannedResponse: Sendable {
    var status: Int
    var headers: [(String, String)] = []
    var body: String = ""

    static func redirect(to location: String, status: Int = 302) -> CannedResponse {
        CannedResponse(status: status, headers: [("Location", location)], body: "moved")
    }

    static let notFound = CannedResponse(status: 404, body: "not found")
}

/// A one-connection-at-a-time HTTP/1.1 server bound to 127.0.0.1 on an ephemeral port.
///
/// Bounded: every connection answers one request and closes; reads time out after 2 s; a
/// request head over 16 KiB is dropped; the accept loop ends by itself after `lifetime`
/// seconds even if nobody calls ``stop()``. It records every request (method, path, headers).
final class LoopbackServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var recorded: [RecordedRequest] = []
    private var stopping = false
    private var started = false
    private let finished = DispatchSemaphore(value: 0)

    /// Binds 127.0.0.1:0 and listens; call ``start(lifetime:routes:)`` to serve.
    init() throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw LoopbackServerError.socket(errno) }
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw LoopbackServerError.bind(errno)
        }
        var actual = sockaddr_in()
        var actualLength = length
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
        }
        self.listener = descriptor
        self.port = Int(UInt16(bigEndian: actual.sin_port))
    }

    deinit {
        stop()
        close(listener)
    }

    /// `http://127.0.0.1:<port>`.
    var origin: String { "http://127.0.0.1:\(port)" }

    /// Every request served so far.
    var requests: [RecordedRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Serves until ``stop()`` or until `lifetime` seconds have passed.
    func start(lifetime: Double = 20, routes: @escaping @Sendable (RecordedRequest) -> CannedResponse) {
        let deadline = Date().addingTimeInterval(lifetime)
        lock.lock()
        started = true
        lock.unlock()
        let thread = Thread { [self] in
            defer { finished.signal() }
            while Date() < deadline, !isStopping {
                var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 50) > 0 else { continue }
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                serve(connection, routes: routes)
                close(connection)
            }
        }
        thread.start()
    }

    /// Stops serving and waits (at most 2 s) for the loop to end.
    func stop() {
        lock.lock()
        let mustWait = started && !stopping
        stopping = true
        lock.unlock()
        if mustWait { _ = finished.wait(timeout: .now() + 2) }
    }

    private var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    // MARK: - One connection

    private func serve(_ connection: Int32, routes: (RecordedRequest) -> CannedResponse) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 16 * 1024, !head.ends(with: Array("\r\n\r\n".utf8)) {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            head += buffer.prefix(count)
        }
        guard let request = Self.parse(head) else { return }
        lock.lock()
        recorded.append(request)
        lock.unlock()
        let response = routes(request)
        var text = "HTTP/1.1 \(response.status) Canned\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(response.body.utf8.count)\r\nConnection: close\r\n\r\n" + response.body
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }

    private static func parse(_ head: [UInt8]) -> RecordedRequest? {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = (lines.first ?? "").split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return RecordedRequest(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers)
    }
}

/// Why the loopback server could not start.
enum LoopbackServerError: Error {
    case socket(Int32)
    case bind(Int32)
}

extension Array where Element: Equatable {
    fileprivate func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

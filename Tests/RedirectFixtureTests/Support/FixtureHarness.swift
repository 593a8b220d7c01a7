//===----------------------------------------------------------------------===//
// FixtureHarness.swift: starting a fixture for one test and always stopping it.
//===----------------------------------------------------------------------===//

import Foundation
import RedirectFixture

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` against a freshly started fixture on ephemeral ports, then stops it (even when
/// `body` throws), so no thread or socket outlives the test.
func withFixture<Result>(
    _ configuration: FixtureConfiguration = FixtureConfiguration(),
    _ body: (RedirectFixtureServer, FixtureEndpoints) throws -> Result
) throws -> Result {
    let server = RedirectFixtureServer(configuration: configuration)
    let endpoints = try server.start()
    defer { server.stop() }
    return try body(server, endpoints)
}

/// One request on a new connection; returns the response.
func request(_ port: Int, _ text: String, bodyExpected: Bool = true) throws -> RawResponse {
    let client = try RawClient(port: port)
    try client.send(text)
    return try client.readResponse(bodyExpected: bodyExpected)
}

/// `GET <path>` with a Host header, HTTP/1.1.
func get(_ path: String, port: Int, extraHeaders: String = "") -> String {
    "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(extraHeaders)\r\n"
}

/// Whether a new listener can bind 127.0.0.1:`port` right now (with SO_REUSEADDR, as a
/// restarted fixture would).
func canBind(_ port: Int) -> Bool {
    let fd = makeTCPSocket()
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var one: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = RawClient.loopback(port: port)
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    return bound == 0 && listen(fd, 1) == 0
}

/// A listening socket on an ephemeral 127.0.0.1 port, to make that port busy.
final class BusyPort {
    let fd: Int32
    let port: Int

    init() throws {
        let fd = makeTCPSocket()
        self.fd = fd
        var address = RawClient.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 1) == 0 else {
            close(fd)
            throw TestFailure("could not make a busy port")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: actual.sin_port))
    }

    deinit {
        close(fd)
    }
}

/// A port that was free a moment ago (bound, read back, released).
func freePort() throws -> Int {
    let busy = try BusyPort()
    return busy.port
}

//===----------------------------------------------------------------------===//
// FixtureHarness.swift: starting a fixture for one test and always stopping it.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
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

/// Whether a server could bind 127.0.0.1:`port` now.
func canBind(_ port: Int) -> Bool {
    Loopback.canBind(port)
}

/// A port that was free a moment ago.
func freePort() throws -> Int {
    try Loopback.freePort()
}

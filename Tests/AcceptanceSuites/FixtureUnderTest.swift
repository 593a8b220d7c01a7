//===----------------------------------------------------------------------===//
// FixtureUnderTest.swift: the redirect fixture the acceptance tests talk to.
//===----------------------------------------------------------------------===//

import Foundation
import RedirectFixture
import RedirectGate
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirect fixture the acceptance tests talk to: the one the gate started (named by
/// `ACCEPTANCE_GATE_ORIGIN_URL` and `ACCEPTANCE_GATE_FOREIGN_URL`), or, when those are not set, one
/// started in this process on ephemeral ports, so plain `swift test` runs the suite too.
final class FixtureUnderTest {
    /// The first listener, e.g. `http://127.0.0.1:8765`.
    let originURL: URL
    /// The second listener, on another port of the same host.
    let foreignURL: URL
    /// The in-process server, when this object started one.
    private let server: RedirectFixtureServer?

    /// Uses the gate's fixture when the environment names one, else starts one in-process.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let origin = environment["ACCEPTANCE_GATE_ORIGIN_URL"], let foreign = environment["ACCEPTANCE_GATE_FOREIGN_URL"] {
            originURL = try XCTUnwrap(URL(string: origin), "ACCEPTANCE_GATE_ORIGIN_URL is not a URL: \(origin)")
            foreignURL = try XCTUnwrap(URL(string: foreign), "ACCEPTANCE_GATE_FOREIGN_URL is not a URL: \(foreign)")
            server = nil
        } else {
            let server = RedirectFixtureServer()
            let endpoints = try server.start()
            originURL = try XCTUnwrap(URL(string: "http://127.0.0.1:\(endpoints.originPort)"))
            foreignURL = try XCTUnwrap(URL(string: "http://127.0.0.1:\(endpoints.foreignPort)"))
            self.server = server
        }
    }

    /// Stops the in-process server, if this object started one.
    func stop() {
        server?.stop()
    }

    /// `path` on the first listener.
    func origin(_ path: String) throws -> URL {
        try XCTUnwrap(URL(string: path, relativeTo: originURL)?.absoluteURL)
    }

    /// The live ledger, read from `GET /__ledger` on the first listener (not itself counted).
    func ledger() async throws -> Ledger {
        let response = try await SameOriginGate.data(for: URLRequest(url: try origin("/__ledger")), policy: RedirectPolicy())
        XCTAssertEqual(response.statusCode, 200, "GET /__ledger")
        return try Ledger(jsonBytes: Array(response.data))
    }
}

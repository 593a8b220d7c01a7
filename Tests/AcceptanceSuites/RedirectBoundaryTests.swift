//===----------------------------------------------------------------------===//
// RedirectBoundaryTests.swift: the redirect boundary scenario, as XCTest.
//===----------------------------------------------------------------------===//

import Foundation
import RedirectFixture
import RedirectGate
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirect boundary: a same-origin redirect is followed; a redirect to another port of the
/// same host is refused, so the placeholder credential never reaches the second listener.
///
/// Written as XCTest so the same file runs on a Mac and on Linux. Every test uses a fresh
/// ephemeral session (through `SameOriginGate.data`, which also avoids Linux's ignored per-task
/// delegate). The `acceptance-gate run` default configuration expects the first two tests by name.
final class RedirectBoundaryTests: XCTestCase {
    /// The placeholder credential the fixture scenario sends; obviously not a secret.
    static let placeholderToken = "fixture-only"

    private var fixture: FixtureUnderTest?

    override func setUpWithError() throws {
        fixture = try FixtureUnderTest()
    }

    override func tearDown() {
        fixture?.stop()
        fixture = nil
    }

    private func fixtureUnderTest() throws -> FixtureUnderTest {
        try XCTUnwrap(fixture, "setUp did not start the fixture")
    }

    /// A request carrying the placeholder token, as an app would send its credential.
    private func request(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.setValue(Self.placeholderToken, forHTTPHeaderField: "X-Test-Token")
        return request
    }

    // MARK: - The seed scenario

    /// `GET /same` → 302 `Location: /target` → 200 `ok`: followed, on the same origin.
    func testSameOriginRedirectSucceeds() async throws {
        let fixture = try fixtureUnderTest()
        let response = try await SameOriginGate.data(for: request(try fixture.origin("/same")), policy: RedirectPolicy())
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "ok")
        XCTAssertEqual(response.response.url?.path, "/target")
        XCTAssertEqual(response.response.url?.port, fixture.originURL.port)
        XCTAssertEqual(response.hops.count, 1)
        XCTAssertEqual(response.hops.first?.decision.isFollowed, true)
    }

    /// `GET /start` → 302 to the second port: refused, the 302 itself comes back, and the second
    /// listener never saw a request, so `X-Test-Token` never left the first origin.
    func testDifferentPortRedirectStops() async throws {
        let fixture = try fixtureUnderTest()
        let before = try await fixture.ledger()
        let response = try await SameOriginGate.data(for: request(try fixture.origin("/start")), policy: RedirectPolicy())
        XCTAssertEqual(response.statusCode, 302)
        XCTAssertEqual(response.response.url?.port, fixture.originURL.port)
        XCTAssertEqual(response.response.url?.path, "/start")
        let location = response.response.value(forHTTPHeaderField: "Location")
        XCTAssertEqual(location, fixture.foreignURL.absoluteString + "/target")
        XCTAssertTrue(response.wasRedirectRefused)
        let after = try await fixture.ledger()
        XCTAssertEqual(after.foreign.requests, before.foreign.requests, "the second listener must not be reached")
        // No test of this class ever reaches the second listener, so against the gate's fixture the
        // count is zero for the whole run (the gate asserts the same from the ledger it writes).
        XCTAssertEqual(after.foreign.requests, 0, "the second listener was reached: \(after.foreign.paths)")
        XCTAssertEqual(after.origin.requests, before.origin.requests + 1)
        XCTAssertTrue(after.origin.headerNames.contains("x-test-token"), "the token went to the first origin only")
    }

    // MARK: - What a team would add

    /// The ledger records header names only: the placeholder value never appears in it.
    func testLedgerKeepsNamesNeverValues() async throws {
        let fixture = try fixtureUnderTest()
        _ = try await SameOriginGate.data(for: request(try fixture.origin("/same")), policy: RedirectPolicy())
        let response = try await SameOriginGate.data(for: URLRequest(url: try fixture.origin("/__ledger")), policy: RedirectPolicy())
        let text = String(decoding: response.data, as: UTF8.self)
        XCTAssertTrue(text.contains("x-test-token"))
        XCTAssertFalse(text.contains(Self.placeholderToken))
    }

    /// A relative `Location` resolves against the request's own URL, not the root, on every platform.
    func testRelativeLocationResolvesAgainstTheRequest() async throws {
        let fixture = try fixtureUnderTest()
        let response = try await SameOriginGate.data(for: request(try fixture.origin("/same?x=1")), policy: RedirectPolicy())
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.response.url?.absoluteString, fixture.originURL.absoluteString + "/target")
    }
}

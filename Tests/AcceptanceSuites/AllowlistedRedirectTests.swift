//===----------------------------------------------------------------------===//
// AllowlistedRedirectTests.swift: an allowlisted cross-origin hop, on a fixture of its own.
//===----------------------------------------------------------------------===//

import Foundation
import RedirectFixture
import RedirectGate
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a team adds once it allows a second origin: the redirect is followed, and every credential
/// header is stripped on the way. This class always starts its own in-process fixture, even when
/// the gate names one, because it *does* reach the second listener, and the gate's own fixture
/// must show that nothing ever did.
final class AllowlistedRedirectTests: XCTestCase {
    private var fixture: FixtureUnderTest?

    override func setUpWithError() throws {
        fixture = try FixtureUnderTest(environment: [:])
    }

    override func tearDown() {
        fixture?.stop()
        fixture = nil
    }

    /// An allowlisted cross-origin redirect is followed, with every credential header stripped:
    /// the second listener's ledger shows the request but none of their names.
    func testAllowlistedCrossOriginRedirectStripsCredentials() async throws {
        let fixture = try XCTUnwrap(fixture, "setUp did not start the fixture")
        let foreign = try Origin(fixture.foreignURL)
        let policy = RedirectPolicy(allowedOrigins: [foreign], sensitiveHeaders: ["X-Test-Token"])
        var request = URLRequest(url: try fixture.origin("/start"))
        request.setValue(RedirectBoundaryTests.placeholderToken, forHTTPHeaderField: "X-Test-Token")
        request.setValue("Bearer \(RedirectBoundaryTests.placeholderToken)", forHTTPHeaderField: "Authorization")
        request.setValue("session=\(RedirectBoundaryTests.placeholderToken)", forHTTPHeaderField: "Cookie")
        let response = try await SameOriginGate.data(for: request, policy: policy)
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(String(decoding: response.data, as: UTF8.self), "ok")
        XCTAssertEqual(response.response.url?.port, fixture.foreignURL.port)
        let ledger = try await fixture.ledger()
        XCTAssertEqual(ledger.foreign.requests, 1)
        for name in ["authorization", "cookie", "x-test-token"] {
            XCTAssertTrue(ledger.origin.headerNames.contains(name), "\(name) was sent to the first origin")
            XCTAssertFalse(ledger.foreign.headerNames.contains(name), "\(name) must be stripped on the cross-origin hop")
        }
    }
}

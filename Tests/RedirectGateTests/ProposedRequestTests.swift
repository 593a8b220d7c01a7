//===----------------------------------------------------------------------===//
// ProposedRequestTests.swift: the followed request is built from what each Foundation proposes.
//===----------------------------------------------------------------------===//

import Foundation
import RedirectGate
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Apple's Foundation proposes a redirect request without `Authorization`; Linux's proposes every
/// header the first request had. Both shapes go through the gate here, with no transfer.
@Suite struct ProposedRequestTests {
    static let start = "http://127.0.0.1:8765/start"

    /// The gate's answer for a `Location` of `location`, given a proposed request with `headers`.
    func followed(location: String, proposed headers: [String: String], policy: RedirectPolicy) throws -> URLRequest? {
        let url = try #require(URL(string: Self.start))
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: URLRequest(url: url))
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 302, httpVersion: "HTTP/1.1", headerFields: ["Location": location]))
        var proposed = URLRequest(url: try #require(URL(string: location, relativeTo: url)))
        for (name, value) in headers { proposed.setValue(value, forHTTPHeaderField: name) }
        return SameOriginGate(policy: policy).redirectRequest(for: response, proposed: proposed, task: task)
    }

    static let linux = ["Authorization": "Bearer placeholder", "Cookie": "a=b", "X-Test-Token": "fixture-only", "Accept": "*/*"]
    static var darwin: [String: String] { linux.filter { $0.key != "Authorization" } }

    @Test("an allowed cross-origin hop loses the credentials whichever Foundation proposed the request", arguments: [true, false])
    func crossOrigin(proposedByLinux: Bool) throws {
        let policy = RedirectPolicy(allowedOrigins: [try Origin(url: "http://127.0.0.1:8766")], sensitiveHeaders: ["X-Test-Token"])
        let next = try #require(
            try followed(location: "http://127.0.0.1:8766/target", proposed: proposedByLinux ? Self.linux : Self.darwin, policy: policy))
        #expect(next.url?.absoluteString == "http://127.0.0.1:8766/target")
        for name in ["Authorization", "Cookie", "X-Test-Token"] {
            #expect(next.value(forHTTPHeaderField: name) == nil, "\(name) crossed the origin boundary")
        }
        #expect(next.value(forHTTPHeaderField: "Accept") == "*/*")
    }

    @Test("a same-origin hop keeps what the platform proposed: Authorization on Linux, not on Darwin")
    func sameOrigin() throws {
        let onLinux = try #require(try followed(location: "/target", proposed: Self.linux, policy: RedirectPolicy()))
        #expect(onLinux.value(forHTTPHeaderField: "Authorization") == "Bearer placeholder")
        #expect(onLinux.value(forHTTPHeaderField: "Cookie") == "a=b")
        let onDarwin = try #require(try followed(location: "/target", proposed: Self.darwin, policy: RedirectPolicy()))
        #expect(onDarwin.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(onDarwin.url?.absoluteString == "http://127.0.0.1:8765/target")
    }

    @Test("a cross-port hop the policy does not allow is refused: nil, so the 302 is the result")
    func refused() throws {
        #expect(try followed(location: "http://127.0.0.1:8766/target", proposed: Self.linux, policy: RedirectPolicy()) == nil)
    }
}

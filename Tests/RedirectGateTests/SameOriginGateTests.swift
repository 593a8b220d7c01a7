//===----------------------------------------------------------------------===//
// SameOriginGateTests.swift: the gate against real URLSession transfers on loopback.
//===----------------------------------------------------------------------===//

import Foundation
import RedirectGate
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two loopback listeners per test (the "origin" and a "foreign" one on another port), in the
/// shape of the redirect fixture, written here so these tests depend on nothing else.
@Suite(.timeLimit(.minutes(1))) struct SameOriginGateTests {
    struct Listeners {
        let origin: LoopbackServer
        let foreign: LoopbackServer

        func url(_ path: String) throws -> URL {
            try #require(URL(string: origin.origin + path))
        }

        func stop() {
            origin.stop()
            foreign.stop()
        }
    }

    /// Starts both listeners; the routes get the other listener's port.
    static func listeners(
        origin originRoutes: @escaping @Sendable (RecordedRequest, _ foreignPort: Int) -> CannedResponse,
        foreign foreignRoutes: @escaping @Sendable (RecordedRequest, _ originPort: Int) -> CannedResponse = { request, _ in
            request.path == "/target" ? CannedResponse(status: 200, body: "ok") : .notFound
        }
    ) throws -> Listeners {
        let origin = try LoopbackServer()
        let foreign = try LoopbackServer()
        let originPort = origin.port
        let foreignPort = foreign.port
        origin.start { originRoutes($0, foreignPort) }
        foreign.start { foreignRoutes($0, originPort) }
        return Listeners(origin: origin, foreign: foreign)
    }

    /// The design's origin routes: /same → /target, /start → the foreign /target, /target → ok.
    static let seedRoutes: @Sendable (RecordedRequest, Int) -> CannedResponse = { request, foreignPort in
        switch request.path {
        case "/same": return .redirect(to: "/target")
        case "/start": return .redirect(to: "http://127.0.0.1:\(foreignPort)/target")
        case "/target": return CannedResponse(status: 200, body: "ok")
        default: return .notFound
        }
    }

    static func request(_ url: URL, headers: [String: String] = [:]) -> URLRequest {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    static let secrets = [
        "Authorization": "Bearer fixture-only", "Cookie": "session=fixture-only",
        "X-Test-Token": "fixture-only", "X-Keep": "kept",
    ]

    // MARK: - The seed scenario

    @Test func aSameOriginRedirectIsFollowed() async throws {
        let listeners = try Self.listeners(origin: Self.seedRoutes)
        defer { listeners.stop() }
        let result = try await SameOriginGate.data(
            for: Self.request(try listeners.url("/same")), policy: RedirectPolicy())
        #expect(result.statusCode == 200)
        #expect(String(decoding: result.data, as: UTF8.self) == "ok")
        #expect(result.response.url?.path == "/target")
        #expect(result.hops.map(\.decision.reason.code) == [.sameOrigin])
        #expect(!result.wasRedirectRefused)
        #expect(listeners.origin.requests.map(\.path) == ["/same", "/target"])
    }

    @Test func aRedirectToAnotherPortIsRefusedAndThe302ComesBack() async throws {
        let listeners = try Self.listeners(origin: Self.seedRoutes)
        defer { listeners.stop() }
        let policy = RedirectPolicy(sensitiveHeaders: ["X-Test-Token"])
        let result = try await SameOriginGate.data(
            for: Self.request(try listeners.url("/start"), headers: Self.secrets), policy: policy)
        #expect(result.statusCode == 302)
        #expect(result.response.url?.port == listeners.origin.port)
        #expect(result.response.value(forHTTPHeaderField: "Location") == "\(listeners.foreign.origin)/target")
        #expect(result.wasRedirectRefused)
        #expect(result.hops.map(\.decision.reason.code) == [.crossOrigin])
        #expect(listeners.foreign.requests.isEmpty, "the token never left")
    }

    // MARK: - Resolution, allowlist, chains

    @Test func aRelativeLocationResolvesAgainstTheCurrentPathNotTheRoot() async throws {
        let listeners = try Self.listeners { request, _ in
            switch request.path {
            case "/a/b/start": return .redirect(to: "target")
            case "/a/b/target": return CannedResponse(status: 200, body: "deep")
            default: return CannedResponse(status: 200, body: "root")
            }
        }
        defer { listeners.stop() }
        let result = try await SameOriginGate.data(for: Self.request(try listeners.url("/a/b/start")), policy: RedirectPolicy())
        #expect(String(decoding: result.data, as: UTF8.self) == "deep")
        #expect(listeners.origin.requests.map(\.path) == ["/a/b/start", "/a/b/target"])
    }

    @Test func anAllowlistedCrossOriginRedirectIsFollowedWithoutCredentials() async throws {
        let listeners = try Self.listeners(origin: Self.seedRoutes)
        defer { listeners.stop() }
        let policy = RedirectPolicy(
            allowedOrigins: [try Origin(parsing: listeners.foreign.origin)], sensitiveHeaders: ["x-test-token"])
        let result = try await SameOriginGate.data(
            for: Self.request(try listeners.url("/start"), headers: Self.secrets), policy: policy)
        #expect(result.statusCode == 200)
        #expect(result.hops.map(\.decision.reason.code) == [.allowlistedOrigin])
        let first = try #require(listeners.origin.requests.first)
        #expect(first.headers["authorization"] == "Bearer fixture-only")
        #expect(first.headers["x-test-token"] == "fixture-only")
        let hop = try #require(listeners.foreign.requests.first)
        #expect(hop.path == "/target")
        for name in ["authorization", "cookie", "proxy-authorization", "x-test-token"] {
            #expect(hop.headers[name] == nil, "\(name) reached the other origin")
        }
        #expect(hop.headers["x-keep"] == "kept")
    }

    @Test func aChainThatLeavesAndComesBackStaysStripped() async throws {
        let listeners = try Self.listeners(
            origin: { request, foreignPort in
                switch request.path {
                case "/start": return .redirect(to: "http://127.0.0.1:\(foreignPort)/bounce")
                case "/back": return CannedResponse(status: 200, body: "back")
                default: return .notFound
                }
            },
            foreign: { request, originPort in
                request.path == "/bounce" ? .redirect(to: "http://127.0.0.1:\(originPort)/back", status: 307) : .notFound
            })
        defer { listeners.stop() }
        let policy = RedirectPolicy(
            allowedOrigins: [try Origin(parsing: listeners.foreign.origin)], sensitiveHeaders: ["X-Test-Token"])
        let result = try await SameOriginGate.data(
            for: Self.request(try listeners.url("/start"), headers: Self.secrets), policy: policy)
        #expect(String(decoding: result.data, as: UTF8.self) == "back")
        #expect(result.hops.map(\.decision.reason.code) == [.allowlistedOrigin, .sameOrigin])
        #expect(result.hops.allSatisfy { $0.decision.stripsSensitiveHeaders })
        let back = try #require(listeners.origin.requests.last)
        #expect(back.path == "/back")
        #expect(back.headers["authorization"] == nil)
        #expect(back.headers["x-test-token"] == nil)
        #expect(back.headers["x-keep"] == "kept")
    }

    // MARK: - Hostile redirects

    @Test(arguments: [
        "http://user:pw@127.0.0.1:1/target", "ftp://127.0.0.1/target", "/%zz", "http://0x7f.1:1/target",
        "//127.0.0.1:1/target",
    ])
    func aHostileLocationEndsWithTheRedirectResponse(_ location: String) async throws {
        let listeners = try Self.listeners { request, _ in
            request.path == "/start" ? .redirect(to: location) : CannedResponse(status: 200, body: "followed")
        }
        defer { listeners.stop() }
        let result = try await SameOriginGate.data(for: Self.request(try listeners.url("/start")), policy: RedirectPolicy())
        #expect(result.statusCode == 302)
        #expect(listeners.origin.requests.map(\.path) == ["/start"])
    }

    // MARK: - The gate itself

    @Test func theGateKeepsARecordOfEveryHop() async throws {
        let listeners = try Self.listeners(origin: Self.seedRoutes)
        defer { listeners.stop() }
        let gate = SameOriginGate(policy: RedirectPolicy())
        _ = try await gate.data(for: Self.request(try listeners.url("/same")))
        _ = try await gate.data(for: Self.request(try listeners.url("/start")))
        #expect(gate.hops.map(\.decision.verdict) == [.follow, .refuse])
        #expect(gate.hops.map(\.location) == ["/target", "\(listeners.foreign.origin)/target"])
        #expect(gate.hops.first?.from.serialized == "\(listeners.origin.origin)/same")
    }

    /// Runs a completion-handler data task and returns its status code.
    static func status(of task: (@escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask) async -> Int {
        await withCheckedContinuation { continuation in
            task { _, response, _ in
                continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode ?? -1)
            }.resume()
        }
    }

    @Test func theGateWorksAsTheSessionDelegate() async throws {
        let listeners = try Self.listeners(origin: Self.seedRoutes)
        defer { listeners.stop() }
        let gate = SameOriginGate()
        let session = URLSession(configuration: .ephemeral, delegate: gate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let url = try listeners.url("/start")
        let status = await Self.status { session.dataTask(with: url, completionHandler: $0) }
        #expect(status == 302)
        #expect(gate.hops.map(\.decision.reason.code) == [.crossOrigin])
        #expect(listeners.foreign.requests.isEmpty)
    }

    @Test func theGateWorksAsATaskDelegateSetBeforeResume() async throws {
        let listeners = try Self.listeners(origin: Self.seedRoutes)
        defer { listeners.stop() }
        let gate = SameOriginGate()
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let url = try listeners.url("/start")
        let status = await Self.status { handler in
            let task = session.dataTask(with: url, completionHandler: handler)
            task.delegate = gate
            return task
        }
        #expect(status == 302)
        #expect(gate.hops.count == 1)
        #expect(listeners.foreign.requests.isEmpty)
    }

    @Test func aRequestWithoutAnHTTPURLIsRefusedBeforeAnyTransfer() async throws {
        let request = Self.request(try #require(URL(string: "ftp://127.0.0.1/x")))
        await #expect(throws: RedirectPolicyError.invalidRequestURL("ftp://127.0.0.1/x")) {
            try await SameOriginGate.data(for: request, policy: RedirectPolicy())
        }
    }

    @Test func aConnectionFailureIsATransportError() async throws {
        // A listener that is bound but closed again: nothing accepts on its port.
        let port = try LoopbackServer().port
        let request = Self.request(try #require(URL(string: "http://127.0.0.1:\(port)/x")))
        await #expect {
            try await SameOriginGate.data(for: request, policy: RedirectPolicy())
        } throws: { error in
            if case .transportFailed = error as? RedirectPolicyError { return true }
            return false
        }
    }
}

// RedirectBoundaryTests.swift: the redirect boundary acceptance tests of the test target
// {{target}}.
// Written by `acceptance-gate init` (acceptance-gate {{gateVersion}}); yours to change.
//
// `acceptance-gate run` starts a loopback fixture with two listeners and passes their URLs to the
// tests in ACCEPTANCE_GATE_ORIGIN_URL and ACCEPTANCE_GATE_FOREIGN_URL. On the origin listener,
// GET /same redirects to /target on the same origin (200, body "ok") and GET /start redirects to
// /target on the foreign listener (another port). A client must follow the first and refuse the
// second, so the credential header it sends never reaches another origin. Without those variables
// (a plain `swift test` or an Xcode run) the tests are skipped.
//
// The file needs nothing but Foundation and XCTest, and runs on a Mac, in the iOS simulator and on
// Linux. Redirects are decided by a *session* delegate: on Linux, URLSession.data(for:delegate:)
// ignores its per-task delegate and follows every redirect, and completion-handler tasks never ask
// the delegate at all. To test your app's own networking client, make `fetch(_:)` use it.

import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class RedirectBoundaryTests: XCTestCase {
  /// The placeholder credential the scenario sends; obviously not a secret (the gate's log scan
  /// allows it).
  static let placeholderToken = "fixture-only"

  /// The test list for packages whose tests still run through `Tests/LinuxMain.swift` on Linux
  /// (`acceptance-gate init` adds `testCase(RedirectBoundaryTests.allTests)` there).
  static var allTests: [(String, (RedirectBoundaryTests) -> () throws -> Void)] {
    [
      ("testSameOriginRedirectSucceeds", testSameOriginRedirectSucceeds),
      ("testDifferentPortRedirectStops", testDifferentPortRedirectStops),
    ]
  }

  // MARK: - The acceptance tests (`acceptance-gate run` expects both by name)

  /// GET /same -> 302 Location: /target -> 200 "ok": followed, on the same origin.
  func testSameOriginRedirectSucceeds() throws {
    let origin = try fixtureURL("ACCEPTANCE_GATE_ORIGIN_URL")
    let result = try fetch(origin.appendingPathComponent("same"))
    XCTAssertEqual(result.response.statusCode, 200)
    XCTAssertEqual(String(decoding: result.body, as: UTF8.self), "ok")
    XCTAssertEqual(result.response.url?.path, "/target")
    XCTAssertEqual(result.response.url?.port, origin.port)
  }

  /// GET /start -> 302 to the foreign listener: refused. The 302 itself comes back, and the
  /// foreign listener never saw a request, so X-Test-Token never left the origin.
  func testDifferentPortRedirectStops() throws {
    let origin = try fixtureURL("ACCEPTANCE_GATE_ORIGIN_URL")
    let foreign = try fixtureURL("ACCEPTANCE_GATE_FOREIGN_URL")
    let before = try foreignRequestCount(origin: origin)
    let result = try fetch(origin.appendingPathComponent("start"))
    XCTAssertEqual(result.response.statusCode, 302)
    XCTAssertEqual(result.response.url?.port, origin.port)
    XCTAssertEqual(result.response.url?.path, "/start")
    let location = result.response.value(forHTTPHeaderField: "Location")
    XCTAssertEqual(
      location.flatMap { URL(string: $0) }?.port, foreign.port, "Location: \(location ?? "none")")
    XCTAssertEqual(
      try foreignRequestCount(origin: origin), before, "the foreign listener was reached")
  }

  // MARK: - Helpers

  /// What one request returned after its redirects were decided.
  struct FetchResult {
    var response: HTTPURLResponse
    var body: Data
  }

  /// The fixture URL in the environment variable `name`; skips the test when it is not set.
  private func fixtureURL(_ name: String) throws -> URL {
    guard let text = ProcessInfo.processInfo.environment[name], !text.isEmpty else {
      throw XCTSkip(
        "\(name) is not set: run these tests through `acceptance-gate run`, which starts the fixture"
      )
    }
    return try XCTUnwrap(URL(string: text), "\(name) is not a URL: \(text)")
  }

  /// One request carrying the placeholder credential, in a fresh session whose session delegate
  /// follows same-origin redirects only.
  private func fetch(_ url: URL, timeout: TimeInterval = 30) throws -> FetchResult {
    var request = URLRequest(url: url, timeoutInterval: timeout)
    request.setValue(Self.placeholderToken, forHTTPHeaderField: "X-Test-Token")
    let delegate = SameOriginRedirects()
    let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    session.dataTask(with: request).resume()
    guard delegate.finished.wait(timeout: .now() + timeout + 5) == .success else {
      throw URLError(.timedOut)
    }
    return try delegate.result()
  }

  /// The foreign listener's request count, from the fixture's live ledger (GET /__ledger on the
  /// origin listener, which the fixture does not count).
  private func foreignRequestCount(origin: URL) throws -> Int {
    let result = try fetch(origin.appendingPathComponent("__ledger"))
    XCTAssertEqual(result.response.statusCode, 200, "GET /__ledger")
    let ledger = try JSONSerialization.jsonObject(with: result.body) as? [String: Any]
    let foreign = ledger?["foreign"] as? [String: Any]
    return try XCTUnwrap(foreign?["requests"] as? Int, "the ledger has no foreign.requests")
  }
}

/// A session delegate that follows a redirect only to the origin (scheme, host, port) of the request
/// that started the chain, and collects the response.
final class SameOriginRedirects: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  /// Signalled once the task has completed.
  let finished = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var body = Data()
  private var outcome: Result<HTTPURLResponse, any Error>?

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // Resolve Location against the redirect's own URL: Linux resolves a relative one against the root.
    let location = response.value(forHTTPHeaderField: "Location") ?? ""
    guard let start = task.originalRequest?.url.flatMap(Self.origin(of:)),
      let target = URL(string: location, relativeTo: response.url)?.absoluteURL,
      Self.origin(of: target) == start
    else {
      completionHandler(nil)  // Refused: the redirect response itself completes the task.
      return
    }
    var next = request
    next.url = target
    completionHandler(next)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    body.append(data)
    lock.unlock()
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    lock.lock()
    if let error = error {
      outcome = .failure(error)
    } else if let response = task.response as? HTTPURLResponse {
      outcome = .success(response)
    } else {
      outcome = .failure(URLError(.badServerResponse))
    }
    lock.unlock()
    finished.signal()
  }

  /// The response and body, or why there is none.
  func result() throws -> RedirectBoundaryTests.FetchResult {
    lock.lock()
    defer { lock.unlock() }
    guard let outcome = outcome else { throw URLError(.unknown) }
    return RedirectBoundaryTests.FetchResult(response: try outcome.get(), body: body)
  }

  /// `scheme://host:port` with the host lowercased, a trailing dot dropped and the default port
  /// filled in; `nil` for a URL without one.
  static func origin(of url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), var host = url.host?.lowercased(), !host.isEmpty
    else {
      return nil
    }
    if host.hasSuffix(".") {
      host.removeLast()
    }
    let defaultPort: Int? = scheme == "https" ? 443 : (scheme == "http" ? 80 : nil)
    guard let port = url.port ?? defaultPort else {
      return nil
    }
    return "\(scheme)://\(host):\(port)"
  }
}

// ReadinessTests.swift
//
// Readiness probes against real children and in-test listeners, all on loopback and bounded.

import Foundation
import GateProcess
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Readiness", .timeLimit(.minutes(1)))
struct ReadinessTests {
    init() throws {
        try TestSupport.prepare()
    }

    /// Starts `script` under `sh -c` with its stdout fed to a watcher for `probes`.
    private func start(_ script: String, probes: [ReadinessProbe]) throws -> (ChildProcess, LineWatcher) {
        let watcher = LineWatcher(probes: probes)
        let child = try ChildProcess.spawn(TestSupport.spec(["sh", "-c", script], stdout: .lines(watcher.handler)))
        return (child, watcher)
    }

    /// Stops `child` and proves its group is gone.
    private func stop(_ child: ChildProcess) {
        _ = child.terminate(grace: .seconds(2))
        #expect(child.waitForGroupEmpty(until: .now + .seconds(5)))
        #expect(TestSupport.groupIsGone(child.pid))
    }

    @Test func tcpProbePassesOnceAListenerAppears() throws {
        let port = try TestListener.freePort()
        let probes: [ReadinessProbe] = [.tcp(port: port)]
        let (child, watcher) = try start("sleep 10", probes: probes)
        defer { stop(child) }
        let listener = TestBox<TestListener>()
        let thread = Thread {
            TestSupport.sleep(milliseconds: 200)
            listener.set(try? TestListener(port: port))
        }
        thread.start()
        defer { listener.get()?.stop() }
        let before = ContinuousClock.now
        try Readiness.wait(for: probes, child: child, lines: watcher, deadline: .now + .seconds(5))
        let elapsed = TestSupport.seconds(.now - before)
        #expect(elapsed >= 0.15)
        #expect(elapsed < 2)
        #expect(listener.get() != nil)
    }

    @Test func tcpProbeFailsAtTheDeadlineNamingThePort() throws {
        let port = try TestListener.freePort()
        let probes: [ReadinessProbe] = [.tcp(host: "127.0.0.1", port: port)]
        let (child, watcher) = try start("echo starting; sleep 10", probes: probes)
        defer { stop(child) }
        let before = ContinuousClock.now
        let error = try #require(throws: GateProcessError.self) {
            try Readiness.wait(for: probes, child: child, lines: watcher, deadline: .now + .milliseconds(400))
        }
        let elapsed = TestSupport.seconds(.now - before)
        #expect(elapsed >= 0.39 && elapsed < 2)
        guard case .notReady(let command, let probe, _, let lastLines) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(command == "sh")
        #expect(probe == "tcp 127.0.0.1:\(port)")
        #expect(lastLines == ["starting"])
        #expect(error.description.contains("tcp 127.0.0.1:\(port)"))
        #expect(error.description.contains("\"starting\""))
        #expect(!error.description.contains("\n"))
    }

    @Test func lineProbePassesWhenTheLineIsPrinted() throws {
        let probes: [ReadinessProbe] = [.line(pattern: "READY")]
        let (child, watcher) = try start("sleep 0.2; echo READY; sleep 5", probes: probes)
        defer { stop(child) }
        let before = ContinuousClock.now
        try Readiness.wait(for: probes, child: child, lines: watcher, deadline: .now + .seconds(5))
        let elapsed = TestSupport.seconds(.now - before)
        #expect(elapsed >= 0.15 && elapsed < 2)
        #expect(watcher.hasSeen("READY"))
    }

    @Test func lineProbeFailsQuotingTheLastLines() throws {
        let probes: [ReadinessProbe] = [.line(pattern: "READY")]
        let script = "for i in 1 2 3 4 5 6 7; do echo \"line $i\"; done; printf 'tab\\there \"quoted\"\\n'; sleep 10"
        let (child, watcher) = try start(script, probes: probes)
        defer { stop(child) }
        let error = try #require(throws: GateProcessError.self) {
            try Readiness.wait(for: probes, child: child, lines: watcher, deadline: .now + .milliseconds(500))
        }
        guard case .notReady(_, let probe, _, let lastLines) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(probe == "line containing \"READY\"")
        #expect(lastLines == ["line 4", "line 5", "line 6", "line 7", "tab\there \"quoted\""])
        let text = error.description
        #expect(text.contains("line containing \"READY\" did not pass"))
        #expect(text.contains("\"line 7\" | \"tab\\there \\\"quoted\\\"\""), "escaped: \(text)")
        #expect(!text.contains("line 3"))
        #expect(!text.contains("\n") && !text.contains("\t"))
    }

    @Test func childThatExitsBeforeReadyFailsAtOnce() throws {
        let probes: [ReadinessProbe] = [.line(pattern: "READY"), .tcp(port: try TestListener.freePort())]
        let (child, watcher) = try start("echo 'cannot bind: address in use'; exit 3", probes: probes)
        defer { stop(child) }
        let before = ContinuousClock.now
        let error = try #require(throws: GateProcessError.self) {
            try Readiness.wait(for: probes, child: child, lines: watcher, deadline: .now + .seconds(20))
        }
        #expect(TestSupport.seconds(.now - before) < 3, "fails well before the deadline")
        #expect(
            error
                == .exitedBeforeReady(
                    command: "sh", status: .exited(code: 3), probe: "line containing \"READY\"",
                    lastLines: ["cannot bind: address in use"]))
        #expect(error.description.contains("exited with code 3 before it was ready"))
        #expect(error.description.contains("\"cannot bind: address in use\""))
    }

    @Test func httpProbeTakesARedirectAsAnAnswerAndDoesNotFollowIt() throws {
        let listener = try TestListener()
        defer { listener.stop() }
        listener.serve(response: "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:1/\r\nContent-Length: 0\r\n\r\n")
        let url = "http://127.0.0.1:\(listener.port)/health?x=1"
        try Readiness.wait(for: [.http(url: url, expectStatus: nil)], child: nil, lines: nil, deadline: .now + .seconds(5))
        try Readiness.wait(for: [.http(url: url, expectStatus: 302)], child: nil, lines: nil, deadline: .now + .seconds(5))
        let requests = listener.received
        #expect(requests.count == 2, "one request per probe, no redirect followed")
        for request in requests {
            #expect(request.hasPrefix("GET /health?x=1 HTTP/1.1\r\n"))
            #expect(request.contains("\r\nHost: 127.0.0.1:\(listener.port)\r\n"))
            #expect(request.contains("\r\nConnection: close\r\n"))
        }
    }

    @Test func httpProbeWithTheWrongStatusFailsAtTheDeadline() throws {
        let listener = try TestListener()
        defer { listener.stop() }
        listener.serve(response: "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:1/\r\nContent-Length: 0\r\n\r\n")
        let url = "http://127.0.0.1:\(listener.port)/"
        let error = try #require(throws: GateProcessError.self) {
            try Readiness.wait(for: [.http(url: url, expectStatus: 200)], child: nil, lines: nil, deadline: .now + .milliseconds(300))
        }
        #expect(
            error
                == .notReady(
                    command: "", probe: "http GET \(url) expecting 200", detail: "the last answer was status 302", lastLines: []))
        #expect(error.description.hasPrefix("the service was not ready by the deadline"))
        #expect(listener.received.count >= 2, "retried")
    }

    @Test(arguments: [
        ReadinessProbe.tcp(host: "localhost", port: 80),
        .tcp(port: 0),
        .tcp(port: 70000),
        .http(url: "https://127.0.0.1:8443/", expectStatus: nil),
        .http(url: "http://localhost:8080/", expectStatus: nil),
        .http(url: "http://127.0.0.1:99999/", expectStatus: nil),
        .line(pattern: "READY"),
    ])
    func malformedProbesFailBeforeAnyWaiting(_ probe: ReadinessProbe) {
        let before = ContinuousClock.now
        let error = #expect(throws: GateProcessError.self) {
            try Readiness.wait(for: [probe], child: nil, lines: nil, deadline: .now + .seconds(10))
        }
        #expect(TestSupport.seconds(.now - before) < 1)
        guard case .invalidProbe(let name, _) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(name == probe.description)
    }

    @Test func noProbesPassAtOnce() throws {
        try Readiness.wait(for: [], child: nil, lines: nil, deadline: .now)
    }
}

//===----------------------------------------------------------------------===//
// FixtureCommandTests.swift: `acceptance-gate fixture`, in-process and as the real binary.
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import GateProcess
import GateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("fixture")
struct FixtureCommandTests {
    // MARK: - In-process: errors that return before serving

    @Test(
        "bad --ports values are usage errors (exit 2) that say what is accepted",
        arguments: ["8765", "8765,8765", "0,8766", "8765,65536", "auto,8766", "a,b", "8765, 8766", "", "AUTO"])
    func badPorts(_ value: String) {
        let run = GateRun.run(["fixture", "--ports", value])
        #expect(run.exitCode == .usage)
        #expect(
            run.stderr
                == "acceptance-gate: invalid value '\(value)' for '--ports' of 'fixture'; expected two different ports "
                + "from 1 to 65535 as A,B (e.g. 8765,8766), or auto (see 'acceptance-gate fixture --help')\n")
        #expect(run.stdout.isEmpty)
    }

    @Test("a --ledger path in a missing directory is a usage error before anything is bound")
    func badLedgerPath() {
        let run = GateRun.run(["fixture", "--ports", "auto", "--ledger", "/nonexistent-dir/ledger.json"])
        #expect(run.exitCode == .usage)
        #expect(run.stderr.contains("invalid value '/nonexistent-dir/ledger.json' for '--ledger' of 'fixture'"))
        #expect(run.stdout.isEmpty)
    }

    @Test("a misspelt option gets a suggestion")
    func misspelt() {
        let run = GateRun.run(["fixture", "--port", "auto"])
        #expect(run.exitCode == .usage)
        #expect(run.stderr.contains("unknown option '--port' for 'fixture'; did you mean '--ports'?"))
    }

    @Test("a port in use is one line naming the port, exit 3, and the other port is left free")
    func portInUseInProcess() throws {
        let busy = try BusyPort()
        let other = try Loopback.freePort()
        let run = GateRun.run(["fixture", "--ports", "\(busy.port),\(other)"])
        #expect(run.exitCode == .infrastructure)
        #expect(
            run.stderr
                == "acceptance-gate: port \(busy.port) on 127.0.0.1 is already in use; "
                + "stop what is using it or pass --ports auto\n")
        #expect(run.stdout.isEmpty, "no READY line when not ready")
        #expect(Loopback.canBind(other))
    }

    @Test("help describes the command and its options")
    func help() {
        let run = GateRun.run(["fixture", "--help"])
        #expect(run.exitCode == .success)
        #expect(run.stdout.hasPrefix("USAGE: acceptance-gate fixture [--ports <A,B|auto>] [--ledger <file>]\n"))
        #expect(run.stdout.contains("8765,8766"))
        #expect(GateRun.run(["--help"]).stdout.contains("fixture"))
    }

    // MARK: - The real binary

    @Test("SIGTERM mid-request: the ledger is written, exit 0 within a second, both ports free")
    func sigtermMidRequest() throws {
        try withLedgerDirectory { ledgerPath in
            let fixture = try RunningFixture(arguments: ["--ports", "auto", "--ledger", ledgerPath])
            defer { fixture.kill() }
            let ready = try fixture.waitForReady()
            #expect(fixture.readyLine == "READY origin=http://127.0.0.1:\(ready.origin) foreign=http://127.0.0.1:\(ready.foreign)")

            let start = try HTTPExchange.get(port: ready.origin, path: "/start", headers: ["X-Test-Token: fixture-only"])
            #expect(start.hasPrefix("HTTP/1.1 302 Found\r\n"))
            #expect(start.contains("\r\nLocation: http://127.0.0.1:\(ready.foreign)/target\r\n"))
            let same = try HTTPExchange.get(port: ready.origin, path: "/same", headers: ["X-Test-Token: fixture-only"])
            #expect(same.contains("\r\nLocation: /target\r\n"))

            // A client in the middle of its request when the signal arrives.
            let midRequest = try HTTPExchange.connection(to: ready.origin)
            defer { close(midRequest) }
            _ = "GET /target HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Te".withCString { send(midRequest, $0, strlen($0), 0) }

            let signalled = ContinuousClock.now
            _ = fixture.child.signalGroup(SIGTERM)
            let status = try fixture.child.wait(timeout: .seconds(1))
            #expect(status == .exited(code: 0), "exited within a second with 0, not \(String(describing: status))")
            #expect(ContinuousClock.now - signalled < .seconds(1))
            #expect(Loopback.canBind(ready.origin))
            #expect(Loopback.canBind(ready.foreign))

            let json = try String(contentsOfFile: ledgerPath, encoding: .utf8)
            #expect(json.hasPrefix(#"{"origin": {"port": \#(ready.origin), "requests": 2, "paths": ["/start", "/same"], "#))
            #expect(
                json.hasSuffix(
                    #""foreign": {"port": \#(ready.foreign), "requests": 0, "paths": [], "headerNames": [], "connections": 0}}"# + "\n"))
            #expect(json.contains(#""headerNames": ["connection", "host", "x-test-token"]"#))
            #expect(!json.contains("fixture-only"), "header values never reach the ledger")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: (ledgerPath as NSString).deletingLastPathComponent)
            #expect(leftovers == ["ledger.json"], "no temporary file left behind")
        }
    }

    @Test("SIGINT stops it the same way")
    func sigint() throws {
        try withLedgerDirectory { ledgerPath in
            let fixture = try RunningFixture(arguments: ["--ports", "auto", "--ledger", ledgerPath])
            defer { fixture.kill() }
            let ready = try fixture.waitForReady()
            _ = try HTTPExchange.get(port: ready.foreign, path: "/target", headers: [])
            _ = fixture.child.signalGroup(SIGINT)
            #expect(try fixture.child.wait(timeout: .seconds(1)) == .exited(code: 0))
            let json = try String(contentsOfFile: ledgerPath, encoding: .utf8)
            #expect(json.contains(#""foreign": {"port": \#(ready.foreign), "requests": 1, "paths": ["/target"]"#))
        }
    }

    @Test("the real binary with a port in use exits 3 with the one-line message")
    func portInUseBinary() throws {
        let busy = try BusyPort()
        let fixture = try RunningFixture(arguments: ["--ports", "\(busy.port),\(try Loopback.freePort())"])
        defer { fixture.kill() }
        #expect(try fixture.child.wait(timeout: .seconds(10)) == .exited(code: 3))
        _ = fixture.child.finishOutput(within: .seconds(2))
        #expect(
            String(decoding: fixture.child.capturedStderr().bytes, as: UTF8.self)
                == "acceptance-gate: port \(busy.port) on 127.0.0.1 is already in use; "
                + "stop what is using it or pass --ports auto\n")
        #expect(fixture.child.capturedStdout().bytes.isEmpty)
    }

    #if os(Linux)
        @Test("out of descriptors (EMFILE), it pauses accepting without spinning and serves everyone as others leave")
        func outOfDescriptors() throws {
            // `ulimit -n 40` leaves the fixture room for about 30 connections; 60 clients connect.
            let fixture = try RunningFixture(arguments: ["--ports", "auto"], descriptorLimit: 40)
            defer { fixture.kill() }
            let ready = try fixture.waitForReady()
            let clients = try (0..<60).map { _ in try HTTPExchange.connection(to: ready.origin) }
            var open = Set(clients)
            defer { for fd in open { close(fd) } }
            usleep(300_000)
            let before = try Self.cpuTicks(of: fixture.child.pid)
            usleep(1_000_000)
            let spent = try Self.cpuTicks(of: fixture.child.pid) - before
            #expect(spent < 20, "used \(spent) clock ticks of CPU in one idle second at EMFILE: spinning")

            var served = 0
            for fd in clients {
                let request = "GET /target HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                _ = request.withCString { send(fd, $0, strlen($0), sendFlags) }
                var buffer = [UInt8](repeating: 0, count: 512)
                let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count > 0, String(decoding: buffer[0..<count], as: UTF8.self).hasSuffix("\r\n\r\nok") { served += 1 }
                close(fd)
                open.remove(fd)
            }
            #expect(served == 60)
            #expect(try fixture.child.exitStatus() == nil, "still running")
        }

        /// User plus system CPU time of `pid`, in clock ticks, from /proc/<pid>/stat.
        private static func cpuTicks(of pid: Int32) throws -> Int {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            guard let close = stat.lastIndex(of: ")") else { throw TestFailureMessage("unreadable /proc stat") }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
                throw TestFailureMessage("unreadable /proc stat")
            }
            return user + system
        }
    #endif

    private func withLedgerDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-cli-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory.appendingPathComponent("ledger.json").path)
    }
}

// MARK: - Helpers

#if os(Linux)
    private let sendFlags = Int32(MSG_NOSIGNAL)
#else
    private let sendFlags: Int32 = 0
#endif

/// `acceptance-gate fixture ...` running as a child process, its stdout lines watched.
private final class RunningFixture: Sendable {
    let child: ChildProcess
    private let lines = LockedLines()

    /// Starts `acceptance-gate fixture <arguments>`, under `ulimit -n <descriptorLimit>` if given.
    init(arguments: [String], descriptorLimit: Int? = nil) throws {
        let binary = URL(fileURLWithPath: BuildProducts.gate)
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the product first: \(binary.path)")
        let lines = self.lines
        var command = [binary.path, "fixture"] + arguments
        if let descriptorLimit {
            command = ["/bin/sh", "-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\""] + command
        }
        child = try ChildProcess.spawn(
            ProcessSpec(
                arguments: command,
                stdout: .lines(collect: true) { lines.append(String(decoding: $0, as: UTF8.self)) },
                stderr: .collect()))
    }

    /// The first stdout line, once there is one.
    var readyLine: String? { lines.first }

    /// Waits up to 10 s for the READY line and returns the two ports it names.
    func waitForReady() throws -> (origin: Int, foreign: Int) {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if let line = lines.first {
                let urls = line.split(separator: " ").compactMap { $0.split(separator: ":").last.flatMap { Int($0) } }
                guard line.hasPrefix("READY origin=http://127.0.0.1:"), urls.count == 2 else {
                    throw TestFailureMessage("unexpected first line: \(line)")
                }
                return (urls[0], urls[1])
            }
            usleep(5000)
        }
        throw TestFailureMessage("no READY line within 10 s")
    }

    /// Stops the child's group if a test left it running.
    func kill() {
        _ = child.terminate(grace: .seconds(2))
        _ = child.finishOutput(within: .seconds(2))
    }
}

private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var first: String? { lock.withLock { lines.first } }
}

private struct TestFailureMessage: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Blocking HTTP/1.1 exchanges over raw sockets, with 5 s timeouts.
private enum HTTPExchange {
    static func connection(to port: Int) throws -> Int32 {
        let fd = Loopback.makeTCPSocket()
        var time = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = Loopback.address(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw TestFailureMessage("connect to 127.0.0.1:\(port) failed")
        }
        return fd
    }

    /// `GET path` with `Connection: close`; returns everything the server sent.
    static func get(port: Int, path: String, headers: [String]) throws -> String {
        let fd = try connection(to: port)
        defer { close(fd) }
        let request = (["GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Connection: close"] + headers + ["", ""])
            .joined(separator: "\r\n")
        _ = request.withCString { send(fd, $0, strlen($0), sendFlags) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }
}

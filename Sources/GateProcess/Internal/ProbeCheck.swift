// ProbeCheck.swift
//
// One validated readiness probe and a single attempt at it.

import GateCore

/// A `ReadinessProbe` whose host, port or URL has been checked, ready to be attempted.
struct ProbeCheck {
    /// What is checked, in the parsed form each kind needs.
    private enum Kind {
        case line(String, LineWatcher)
        case tcp(address: in_addr, port: Int)
        case http(HTTPTarget, in_addr, expectStatus: Int?)
    }

    /// The probe as given, for messages.
    let probe: ReadinessProbe
    private let kind: Kind

    /// Validates `probe`.
    /// - Throws: `GateProcessError.invalidProbe` when its host is not an IPv4 literal, its port is
    ///   out of range, its URL is not `http://IPV4[:PORT]/…`, or it is a `.line` probe without `lines`.
    init(_ probe: ReadinessProbe, lines: LineWatcher?) throws(GateProcessError) {
        self.probe = probe
        switch probe {
        case .line(let pattern):
            guard let lines else {
                throw .invalidProbe(probe: probe.description, detail: "the child's stdout is not watched")
            }
            guard !pattern.isEmpty else {
                throw .invalidProbe(probe: probe.description, detail: "the pattern is empty")
            }
            kind = .line(pattern, lines)
        case .tcp(let host, let port):
            guard let address = LoopbackSocket.ipv4(host) else {
                throw .invalidProbe(probe: probe.description, detail: "the host '\(host)' is not an IPv4 literal")
            }
            guard LoopbackSocket.isValidPort(port) else {
                throw .invalidProbe(probe: probe.description, detail: "the port \(port) is not from 1 to 65535")
            }
            kind = .tcp(address: address, port: port)
        case .http(let url, let expectStatus):
            let target = try HTTPTarget(parsing: url, probe: probe.description)
            guard let address = LoopbackSocket.ipv4(target.host) else {
                throw .invalidProbe(probe: probe.description, detail: "the host '\(target.host)' is not an IPv4 literal")
            }
            kind = .http(target, address, expectStatus: expectStatus)
        }
    }

    /// How long to pause between attempts.
    var interval: Duration {
        if case .line = kind {
            return Readiness.lineInterval
        }
        return Readiness.retryInterval
    }

    /// Tries the probe once, taking no longer than its attempt timeout or `deadline`.
    /// - Returns: `nil` when it passed, otherwise a short reason such as "connection refused".
    func attempt(deadline: ContinuousClock.Instant) -> String? {
        switch kind {
        case .line(let pattern, let lines):
            return lines.hasSeen(pattern) ? nil : "no such line was printed"
        case .tcp(let address, let port):
            switch LoopbackSocket.attempt(to: address, port: port, timeout: Self.timeout(Readiness.tcpAttemptTimeout, deadline)) {
            case .connected(let fd):
                LoopbackSocket.release(fd)
                return nil
            case .failed(let reason):
                return reason
            }
        case .http(let target, let address, let expectStatus):
            let attemptDeadline = ContinuousClock.now + Self.timeout(Readiness.httpAttemptTimeout, deadline)
            let fd: Int32
            switch LoopbackSocket.attempt(to: address, port: target.port, timeout: attemptDeadline - .now) {
            case .connected(let connected):
                fd = connected
            case .failed(let reason):
                return reason
            }
            defer { LoopbackSocket.release(fd) }
            guard LoopbackSocket.sendAll(target.request, on: fd, until: attemptDeadline) else {
                return "the request could not be sent"
            }
            guard let line = LoopbackSocket.readFirstLine(from: fd, until: attemptDeadline) else {
                return "no status line came back"
            }
            guard let status = HTTPTarget.status(fromStatusLine: line) else {
                return "the answer \(String(reflecting: String(line.prefix(80)))) is not an HTTP status line"
            }
            if let expectStatus, status != expectStatus {
                return "the last answer was status \(status)"
            }
            return nil
        }
    }

    /// `limit`, or less when the deadline is nearer, but never below 10 ms so an attempt can finish.
    private static func timeout(_ limit: Duration, _ deadline: ContinuousClock.Instant) -> Duration {
        min(limit, max(deadline - .now, .milliseconds(10)))
    }
}

// Readiness.swift
//
// Waits until every readiness probe of a started service passes, or says which one did not.

/// Waiting for a started child to become ready (see `ReadinessProbe`).
package enum Readiness {
    /// The pause between attempts of a TCP or HTTP probe.
    package static let retryInterval: Duration = .milliseconds(50)
    /// The pause between looks at the stdout lines for a `.line` probe.
    package static let lineInterval: Duration = .milliseconds(10)
    /// How long one TCP connect may take.
    package static let tcpAttemptTimeout: Duration = .milliseconds(250)
    /// How long one HTTP attempt (connect, send, read the status line) may take.
    package static let httpAttemptTimeout: Duration = .seconds(1)
    /// How many of the child's last lines an error quotes.
    package static let quotedLineCount = 5

    /// Waits until every probe has passed, checking them in order, before `deadline`.
    ///
    /// A probe that has passed is not checked again. Between attempts the child is checked: if it
    /// has exited, this fails at once rather than waiting for the deadline. Every probe is checked
    /// for validity first, so a malformed probe fails before any waiting.
    /// - Parameters:
    ///   - probes: the conditions that must all hold; an empty list passes at once.
    ///   - child: the started service, checked for an early exit; `nil` to skip that check.
    ///   - lines: a watcher fed by the child's stdout (`ProcessOutput.lines(watcher.handler)`);
    ///     needed for `.line` probes, and quoted in errors.
    ///   - deadline: when to give up.
    /// - Throws: `GateProcessError.invalidProbe` for a malformed probe (or a `.line` probe without
    ///   `lines`), `.exitedBeforeReady` when the child exits first, `.notReady` at the deadline, and
    ///   `.systemCallFailed` when the child cannot be waited for.
    package static func wait(
        for probes: [ReadinessProbe],
        child: ChildProcess?,
        lines: LineWatcher?,
        deadline: ContinuousClock.Instant
    ) throws(GateProcessError) {
        let checks = try probes.map { probe throws(GateProcessError) in try ProbeCheck(probe, lines: lines) }
        let command = child?.command ?? ""
        for check in checks {
            var lastReason = "it was not tried before the deadline"
            while true {
                guard let reason = check.attempt(deadline: deadline) else { break }
                lastReason = reason
                if let child, let status = try child.exitStatus() {
                    // Let the reader thread hand over the child's last lines before quoting them.
                    SystemCall.sleep(for: .milliseconds(50))
                    throw .exitedBeforeReady(
                        command: command, status: status, probe: check.probe.description,
                        lastLines: quotedLines(lines))
                }
                let now = ContinuousClock.now
                if now >= deadline {
                    throw .notReady(
                        command: command, probe: check.probe.description, detail: lastReason,
                        lastLines: quotedLines(lines))
                }
                SystemCall.sleep(for: min(check.interval, deadline - now))
            }
        }
    }

    /// The watcher's last lines, each trimmed to at most 200 characters.
    private static func quotedLines(_ lines: LineWatcher?) -> [String] {
        (lines?.lastLines(quotedLineCount) ?? []).map { line in
            line.count > 200 ? String(line.prefix(200)) + "…" : line
        }
    }
}

//===----------------------------------------------------------------------===//
// SuiteHeartbeat.swift: a running suite shows that it is alive, and what it is doing.
//===----------------------------------------------------------------------===//

import Dispatch
import GateCore
import GateProcess
import GatePublishing

/// Keeps a running suite visible: the suite's name, how long it has run, its phase (building or
/// testing, from the lines `swift build`/`xcodebuild` and the test runners print), the tests done
/// so far and the last line it printed (redacted, stripped of escapes, clipped). On a terminal it
/// is one line rewritten every second; in a CI log a plain line at most every
/// ``ProgressReporter/plainCountInterval`` (``ProgressReporter/live(_:)`` decides which), so a
/// nine-minute build is not nine minutes of silence.
///
/// `@unchecked Sendable`: its state is behind a lock, and the timer (a Dispatch source, which
/// Dispatch makes safe to cancel from any thread) is only scheduled, resumed and cancelled.
final class SuiteHeartbeat: @unchecked Sendable {
    /// What a suite is doing, as far as its output tells.
    enum Phase: String, Sendable {
        /// Compiling (`Compiling`, `Building for`, `[12/800]`).
        case building = "building"
        /// `Build complete!` (or `** BUILD SUCCEEDED **`), no test started yet.
        case built = "built"
        /// A test suite or test case started.
        case testing = "testing"
    }

    private struct State {
        var stopped = false
        var phase: Phase?
        var lastLine: [UInt8] = []
        var waiting: String?
        var done = 0
        var failed = 0
    }

    /// The most characters of the suite's last line shown.
    static let lastLineLimit = 72
    /// The most bytes of a line kept to show it (a line is clipped when shown anyway).
    static let keptBytes = 512

    private let name: String
    private let started: ContinuousClock.Instant
    private let progress: ProgressReporter
    private let redact: @Sendable (String) -> String
    private let state = Locked(State())
    /// Held across a beat's check of `stopped` and its line, and by `stop()`: once `stop()`
    /// returns, no beat is between the two.
    private let beating = Locked(())
    private let timer: any DispatchSourceTimer

    /// Starts the heartbeat of suite `name`: every `interval`, the live line is offered to
    /// `progress` (which rewrites it on a terminal and rate-limits it in a log).
    init(
        name: String, progress: ProgressReporter, redact: @escaping @Sendable (String) -> String,
        interval: Duration = .seconds(1)
    ) {
        self.name = name
        self.started = .now
        self.progress = progress
        self.redact = redact
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        let milliseconds = max(1, Int((interval / .milliseconds(1)).rounded()))
        timer.schedule(deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds))
        timer.setEventHandler { [weak self] in self?.beat() }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// Stops the beats (the suite ended). It waits for a beat already showing its line, and a
    /// beat after it sees the flag and shows nothing, so no live line follows the suite's stage line.
    func stop() {
        beating.withLock { _ in state.withLock { $0.stopped = true } }
        timer.cancel()
    }

    /// One line the suite printed: kept as the last line (blank lines are not), and read for its phase.
    func observe(_ bytes: [UInt8]) {
        guard bytes.contains(where: { $0 > 0x20 }) else { return }
        let phase = state.withLock { $0.phase }
        let next = phase == .testing ? nil : Self.phase(of: bytes)
        state.withLock { state in
            state.lastLine = Array(bytes.prefix(Self.keptBytes))
            if let next { state.phase = next }
        }
    }

    /// A test finished: counted, and shown with the next beat. Not offered at once: a suite of
    /// 40,000 tests would pay the line's redaction 40,000 times, on the thread that drains its pipe.
    func testFinished(failed: Bool) {
        state.withLock { state in
            state.done += 1
            if failed { state.failed += 1 }
            state.phase = .testing
        }
    }

    /// What the suite waits for instead of its output (``OutputHoldWatch``), shown in place of
    /// its last line; `nil` once nothing waits.
    func waiting(_ text: String?) {
        state.withLock { $0.waiting = text }
    }

    /// `unit  1m05s  testing · 12 test(s) done, 1 failed · Test Case 'A.testB' started`.
    func text(now: ContinuousClock.Instant = .now) -> String {
        let snapshot = state.withLock { $0 }
        var parts = [name + "  " + ProgressReporter.seconds((now - started).inSeconds)]
        if let phase = snapshot.phase { parts.append(phase.rawValue) }
        if snapshot.done > 0 || snapshot.phase == .testing {
            parts.append("\(snapshot.done) test(s) done" + (snapshot.failed > 0 ? ", \(snapshot.failed) failed" : ""))
        }
        if let waiting = snapshot.waiting {
            parts.append(TextClip.clip(PrintableLine.make(waiting, limit: Self.keptBytes, strippingEscapes: true), to: 120))
        } else if !snapshot.lastLine.isEmpty {
            let line = redact(String(decoding: snapshot.lastLine, as: UTF8.self))
            parts.append(
                TextClip.clip(PrintableLine.make(line, limit: Self.keptBytes, strippingEscapes: true), to: Self.lastLineLimit))
        }
        return parts.joined(separator: " · ")
    }

    private func beat() {
        beating.withLock { _ in
            guard !state.withLock({ $0.stopped }) else { return }
            progress.live(text())
        }
    }

    /// The phase a line announces, if any: build lines until a test starts.
    static func phase(of bytes: [UInt8]) -> Phase? {
        let text = Substring(String(decoding: bytes.prefix(keptBytes), as: UTF8.self))
        if text.find("Test Suite '") != nil || text.find("Test Case '") != nil || text.find("Test run started") != nil
            || text.find("Testing started") != nil
        {
            return .testing
        }
        if text.find("Build complete!") != nil || text.find("BUILD SUCCEEDED **") != nil {
            return .built
        }
        if text.hasPrefix("Compiling") || text.hasPrefix("Building for") || text.hasPrefix("CompileSwift") || text.hasPrefix("Linking")
            || text.find("] Compiling ") != nil || text.find("] Linking ") != nil
        {
            return .building
        }
        return nil
    }

}

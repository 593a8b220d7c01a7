//===----------------------------------------------------------------------===//
// ProgressReporter.swift: one line per stage with its duration and ✓/✗, live test counts.
//===----------------------------------------------------------------------===//

import GateCore

/// Writes a run's progress for people: one line per stage with a ✓ or ✗ and its duration, a live
/// test count on a terminal, and the verdict last. Thread-safe (suites report from reader threads).
///
/// The one funnel for what the gate prints: every text it is given (a stage's name and detail,
/// a note, the verdict, a live line) may hold what the code under test chose (a test's name or
/// message, a leftover process's command line), so each is made ``PrintableLine/inert(_:limit:)``
/// first: one line, no escape sequence, no workflow command. Only ``annotation(_:)`` writes a
/// command, and the gate builds those itself.
package final class ProgressReporter: Sendable {
    /// How lines look.
    package let style: ProgressStyle
    private let write: @Sendable (String) -> Void
    private let liveLine = Locked(false)
    private let lastPlainCount = Locked(ContinuousClock.now)
    private let plainInterval: Duration

    /// How often a CI log gets a plain progress line for a long suite.
    package static let plainCountInterval: Duration = .seconds(30)

    /// Creates a reporter that hands each piece of text (lines end in `\n`) to `write`; a CI log
    /// gets a plain live line at most every `plainInterval`.
    package init(
        style: ProgressStyle, plainInterval: Duration = ProgressReporter.plainCountInterval,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.style = style
        self.plainInterval = plainInterval
        self.write = write
    }

    /// A reporter that prints nothing (tests).
    package static var silent: ProgressReporter {
        ProgressReporter(style: ProgressStyle(quiet: true)) { _ in }
    }

    /// `✓ stage   1.23s  detail` (or ✗); nothing when quiet.
    package func stage(_ name: String, passed: Bool?, seconds: Double, detail: String) {
        guard !style.quiet else { return }
        let mark: String
        switch passed {
        case .some(true): mark = paint("✓", code: "32")
        case .some(false): mark = paint("✗", code: "31")
        case .none: mark = paint("-", code: "33")
        }
        let name = PrintableLine.inert(name, limit: 200)
        let detail = PrintableLine.inert(detail)
        let padded = name.count < 24 ? name + String(repeating: " ", count: 24 - name.count) : name
        let time = Self.seconds(seconds)
        let paddedTime = String(repeating: " ", count: max(0, 8 - time.count)) + time
        emit("\(mark) \(padded)\(paddedTime)  \(detail)\n")
    }

    /// An indented note under the last stage (every note with `--verbose`, important ones always).
    package func note(_ text: String, important: Bool = false) {
        guard !style.quiet, important || style.verbose else { return }
        emit("    \(PrintableLine.inert(text))\n")
    }

    /// The live line of a running suite (``SuiteHeartbeat``): rewritten in place on a terminal; in
    /// a CI log, a plain line at most every ``plainCountInterval`` (so a long suite shows it is
    /// alive, without cursor tricks).
    package func live(_ text: String) {
        guard !style.quiet else { return }
        let text = PrintableLine.inert(text)
        guard style.live else {
            let due = lastPlainCount.withLock { last -> Bool in
                let now = ContinuousClock.now
                guard now - last >= plainInterval else { return false }
                last = now
                return true
            }
            if due { emit("  \(text)\n") }
            return
        }
        liveLine.withLock { shown in
            write("\r\u{1B}[2K  \(text)")
            shown = true
        }
    }

    /// A CI workflow command (an annotation), printed even with `--quiet`.
    package func annotation(_ text: String) {
        emit(text + "\n")
    }

    /// The verdict line, always printed (quiet too).
    package func verdict(_ text: String, accepted: Bool) {
        emit(paint(PrintableLine.inert(text), code: accepted ? "32" : "31") + "\n")
    }

    /// A plain line (header, hints), unless quiet.
    package func line(_ text: String) {
        guard !style.quiet else { return }
        emit(PrintableLine.inert(text) + "\n")
    }

    private func emit(_ text: String) {
        liveLine.withLock { shown in
            if shown {
                write("\r\u{1B}[2K")
                shown = false
            }
            write(text)
        }
    }

    private func paint(_ text: String, code: String) -> String {
        style.colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// `0.42s`, `12.3s`, `2m05s`.
    package static func seconds(_ value: Double) -> String {
        let bounded = value.isFinite ? max(0, value) : 0
        if bounded < 10 {
            let hundredths = Int((bounded * 100).rounded())
            let fraction = hundredths % 100
            return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)s"
        }
        if bounded < 60 {
            let tenths = Int((bounded * 10).rounded())
            return "\(tenths / 10).\(tenths % 10)s"
        }
        let whole = Int(bounded.rounded())
        let rest = whole % 60
        return "\(whole / 60)m\(rest < 10 ? "0" : "")\(rest)s"
    }
}

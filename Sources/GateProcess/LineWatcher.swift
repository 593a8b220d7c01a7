// LineWatcher.swift
//
// Remembers which patterns a child's stdout has shown and the last few lines it printed.

import GateCore

/// A thread-safe record of a child's output lines for readiness probes and error messages.
///
/// Feed it from the child's stdout with `ProcessOutput.lines(watcher.handler)` (or call `record`
/// from your own line handler). It keeps the last `keepingLast` lines, and remembers for every
/// pattern given at creation whether any line so far contained it, so a `.line` probe passes even
/// when the matching line has long scrolled out of the kept tail. Patterns are plain substrings.
package final class LineWatcher: Sendable {
    private struct State {
        var tail: [String] = []
        var seen: [String: Bool]
    }

    private let keep: Int
    private let state: Locked<State>

    /// Creates a watcher.
    /// - Parameters:
    ///   - patterns: the texts to watch for; give every `.line` probe's pattern here.
    ///   - keepingLast: how many of the most recent lines to keep (at least 1).
    package init(patterns: [String] = [], keepingLast: Int = 20) {
        self.keep = max(1, keepingLast)
        var seen: [String: Bool] = [:]
        for pattern in patterns {
            seen[pattern] = false
        }
        self.state = Locked(State(seen: seen))
    }

    /// Creates a watcher for the patterns of every `.line` probe in `probes`.
    /// - Parameters:
    ///   - probes: the probes that will be waited for.
    ///   - keepingLast: how many of the most recent lines to keep (at least 1).
    package convenience init(probes: [ReadinessProbe], keepingLast: Int = 20) {
        let patterns = probes.compactMap { probe -> String? in
            if case .line(let pattern) = probe {
                return pattern
            }
            return nil
        }
        self.init(patterns: patterns, keepingLast: keepingLast)
    }

    /// A line handler for `ProcessOutput.lines` that records every line here.
    package var handler: @Sendable (_ line: [UInt8]) -> Void {
        { [self] line in record(line) }
    }

    /// Records one line (its bytes without the `\n`; a trailing `\r` is dropped; invalid UTF-8 is repaired).
    /// - Parameter line: the line's bytes.
    package func record(_ line: [UInt8]) {
        var text = String(decoding: line, as: UTF8.self)
        if text.hasSuffix("\r") {
            text.removeLast()
        }
        let keep = self.keep
        state.withLock { state in
            for (pattern, seen) in state.seen where !seen && text.contains(pattern) {
                state.seen[pattern] = true
            }
            state.tail.append(text)
            if state.tail.count > keep {
                state.tail.removeFirst(state.tail.count - keep)
            }
        }
    }

    /// True when a line so far contained `pattern`: any line for a pattern given at creation,
    /// otherwise only the kept lines.
    /// - Parameter pattern: the text to look for.
    package func hasSeen(_ pattern: String) -> Bool {
        state.withLock { state in
            if let seen = state.seen[pattern] {
                return seen
            }
            return state.tail.contains { $0.contains(pattern) }
        }
    }

    /// The most recent lines, oldest first, at most `count` of them.
    /// - Parameter count: how many lines to return.
    package func lastLines(_ count: Int = 5) -> [String] {
        state.withLock { Array($0.tail.suffix(max(0, count))) }
    }
}

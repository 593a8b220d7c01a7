//===----------------------------------------------------------------------===//
// LineReader+SwiftTesting.swift: Swift Testing's `◇ Test x() started.` lines.
//===----------------------------------------------------------------------===//

import GateCore

extension LineReader {
    /// What follows a Swift Testing test name.
    private enum Verb {
        case started, passed, failed, skipped, skippedWithReason, issue
    }

    /// The phrases after a test name, matched earliest first.
    private static let verbs: [(StaticString, Verb)] = [
        (" started.", .started), (" passed after ", .passed), (" failed after ", .failed),
        (" skipped: ", .skippedWithReason), (" skipped.", .skipped), (" recorded an issue", .issue),
    ]

    /// A line that starts with a symbol (`◇ ✔ ✘ ➜ ↪ ↳`, or SF Symbols on macOS) followed by
    /// `Test <name> <verb>`. Test names are function names with parentheses or quoted display
    /// names; `Test run …` and `Test case passing …` lines are not test cases.
    static func swiftTesting(_ line: Substring) -> LogLine? {
        guard let symbol = line.first else { return nil }
        let body = ConsoleText.trimmed(line.dropFirst())
        if symbol == "↳" {
            return .continuation(String(body))
        }
        if body.hasPrefix("Test run with ") {
            return runLine(body)
        }
        if body.hasPrefix("Suite ") {
            return suiteLine(body.dropFirst("Suite ".count))
        }
        guard body.hasPrefix("Test "), !body.hasPrefix("Test case passing ") else {
            return nil
        }
        let rest = body.dropFirst("Test ".count)
        guard let verb = verbAfterName(in: rest) else { return nil }
        var raw = rest[..<verb.range.lowerBound]
        // `parameterised(value:) with 2 test cases passed after …`
        if raw.hasSuffix(" test cases") || raw.hasSuffix(" test case"), let with = raw.findLast(" with ") {
            raw = raw[..<with.lowerBound]
        }
        let quoted = raw.count > 2 && raw.hasPrefix("\"") && raw.hasSuffix("\"")
        guard quoted || (raw.contains("(") && raw.hasSuffix(")")) else { return nil }
        let name = TestName.swiftTesting(raw)
        let tail = rest[verb.range.upperBound...]
        switch verb.value {
        case .started:
            return .started(name, .swiftTesting, iteration: nil)
        case .passed:
            return .finished(name, .swiftTesting, .passed, durationSeconds: seconds(in: tail), message: nil)
        case .failed:
            return .finished(name, .swiftTesting, .failed, durationSeconds: seconds(in: tail), message: nil)
        case .skipped:
            return .finished(name, .swiftTesting, .skipped, durationSeconds: nil, message: nil)
        case .skippedWithReason:
            let reason = tail.count >= 2 && tail.hasPrefix("\"") && tail.hasSuffix("\"") ? tail.dropFirst().dropLast() : tail
            return .finished(name, .swiftTesting, .skipped, durationSeconds: nil, message: String(reason))
        case .issue:
            var message = ConsoleText.trimmed(tail)
            if message.hasPrefix("at ") { message = message.dropFirst(3) }
            return .detail(name, .swiftTesting, message: String(message), location: nil)
        }
    }

    /// The verb after the test's name: for a quoted display name, only after its closing quote,
    /// so a display name holding "passed after " or "failed after " reads right.
    private static func verbAfterName(in rest: Substring) -> (range: Range<Substring.Index>, value: Verb)? {
        guard rest.hasPrefix("\"") else { return earliest(of: verbs, in: rest) }
        var index = rest.index(after: rest.startIndex)
        while let quote = rest[index...].firstIndex(of: "\"") {
            let after = rest[rest.index(after: quote)...]
            var tail = after
            // `"name" with 2 test cases passed after …`
            if tail.hasPrefix(" with "), let cases = tail.find(" test case") {
                tail = tail[cases.upperBound...]
                if tail.hasPrefix("s") { tail = tail.dropFirst() }
            }
            for (marker, value) in verbs where tail.hasPrefix(marker.description) {
                guard let range = tail.find(marker) else { continue }
                return (range, value)
            }
            index = rest.index(after: quote)
        }
        return nil
    }

    /// `Test run with 3 tests failed after 0.5 seconds with 2 issues.` / `… passed after …`.
    static func runLine(_ body: Substring) -> LogLine? {
        if body.find(" failed after ") != nil || body.find(" failed with ") != nil { return .swiftTestingRun(failed: true) }
        if body.find(" passed after ") != nil { return .swiftTestingRun(failed: false) }
        return nil
    }

    /// `X failed after 0.1 seconds with 1 issue.` / `"Display" passed after …` after `Suite `.
    static func suiteLine(_ rest: Substring) -> LogLine? {
        let markers: [(StaticString, Bool)] = [(" failed after ", true), (" passed after ", false)]
        for (marker, failed) in markers {
            if let range = rest.findLast(marker) {
                var name = rest[..<range.lowerBound]
                if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = name.dropFirst().dropLast() }
                guard !name.isEmpty else { return nil }
                return .swiftTestingSuite(name: String(name), failed: failed)
            }
        }
        return nil
    }
}

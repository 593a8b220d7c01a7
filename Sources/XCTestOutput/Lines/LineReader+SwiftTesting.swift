//===----------------------------------------------------------------------===//
// LineReader+SwiftTesting.swift: Swift Testing's `◇ Test x() started.` lines.
//===----------------------------------------------------------------------===//

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
        guard body.hasPrefix("Test "), !body.hasPrefix("Test case passing "), !body.hasPrefix("Test run ") else {
            return nil
        }
        let rest = body.dropFirst("Test ".count)
        guard let verb = earliest(of: verbs, in: rest) else { return nil }
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
            return .started(name, .swiftTesting)
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
}

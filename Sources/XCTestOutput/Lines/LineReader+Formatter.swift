//===----------------------------------------------------------------------===//
// LineReader+Formatter.swift: xcbeautify's and xcpretty's lines for a finished test.
//===----------------------------------------------------------------------===//

import GateCore

extension LineReader {
    /// xcbeautify's `✔ testX (0.002 seconds)`, `✖ testY, XCTAssertTrue failed`, `⊘ testZ (…)`,
    /// `✖ [Suite] testY on 'Clone 1 of …' (0.474 seconds)` and, for Swift Testing,
    /// `✖ check() (0.001 seconds) 1 issue(s)` and `✔ "Display name" (1.297 seconds)`;
    /// xcpretty's `✓` and `✗`. Only the parallel form names the class (the parser adds it from
    /// the `Test Suite 'X' started` line before the others).
    static func formatted(_ line: Substring) -> LogLine? {
        guard let symbol = line.first else { return nil }
        let status: TestStatus
        switch symbol {
        case "✔", "✓": status = .passed
        case "✖", "✗": status = .failed
        case "⊘": status = .skipped
        default: return nil
        }
        var body = ConsoleText.trimmed(line.dropFirst())
        // Swift Testing's own lines (`✔ Test f() passed after …`) are not a formatter's.
        guard !body.hasPrefix("Test "), !body.hasPrefix("Suite ") else { return nil }
        var owner: Substring?
        if body.first == "[", let close = body.firstIndex(of: "]") {
            owner = body[body.index(after: body.startIndex)..<close]
            body = ConsoleText.trimmed(body[body.index(after: close)...])
        }
        guard let (name, framework, tail) = formattedName(body), owner.map(isIdentifier) ?? true else { return nil }
        var message: String?
        if status == .failed, tail.hasPrefix(",") {
            message = String(ConsoleText.trimmed(tail.dropFirst()))
        }
        if status == .skipped, tail.hasPrefix(" skipped ("), tail.hasSuffix(")") {
            message = String(tail.dropFirst(" skipped (".count).dropLast())
        }
        // `on 'Clone 1 of iPhone - App (96789)' (0.474 seconds)`: the last parenthesis; otherwise
        // the first, as `(0.001 seconds) 1 issue(s)` follows it.
        let open = tail.hasPrefix(" on '") ? tail.lastIndex(of: "(") : tail.find(" (").map { tail.index(before: $0.upperBound) }
        let timing = open.map { tail[tail.index(after: $0)...] }
        let duration = timing.flatMap { seconds(in: $0) }
        let full = owner.map { "\($0).\(name)" } ?? String(name)
        return .formatted(TestName(name: full, module: nil), framework, status, durationSeconds: duration, message: message)
    }

    /// The test's name at the start of `body` (an XCTest method, a Swift Testing function with its
    /// parentheses, or a quoted display name without its quotes), its framework, and the rest.
    private static func formattedName(_ body: Substring) -> (Substring, LogLine.Framework, Substring)? {
        if body.first == "\"" {
            let inner = body.dropFirst()
            guard let quote = inner.firstIndex(of: "\""), quote != inner.startIndex else { return nil }
            return (inner[..<quote], .swiftTesting, inner[inner.index(after: quote)...])
        }
        let end = body.firstIndex(where: { $0 == " " || $0 == "," }) ?? body.endIndex
        let token = body[..<end]
        if let open = token.firstIndex(of: "("), token.hasSuffix(")"), isIdentifier(token[..<open]) {
            return (token, .swiftTesting, body[end...])
        }
        // An Objective-C selector keeps its colon (`testThrows:`).
        let method = token.hasSuffix(":") ? token.dropLast() : token
        guard isIdentifier(method) else { return nil }
        return (token, .xctest, body[end...])
    }

    /// Whether `text` is a plain identifier (letters, digits, `_`).
    private static func isIdentifier(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }

    /// `Test Suite 'CaptureGroupTests' started at …`: the class whose cases follow (`nil` for
    /// `All tests`, `Selected tests` and a bundle's `X.xctest`).
    static func suiteStarted(_ line: Substring) -> LogLine? {
        let rest = line.dropFirst("Test Suite '".count)
        guard let end = rest.find("' started") else { return nil }
        let name = rest[..<end.lowerBound]
        guard isIdentifier(name) || name.contains(".") && !name.hasSuffix(".xctest") else { return .suiteStarted(nil) }
        return .suiteStarted(String(name))
    }
}

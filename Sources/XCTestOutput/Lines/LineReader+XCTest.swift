//===----------------------------------------------------------------------===//
// LineReader+XCTest.swift: XCTest's lines on Linux, macOS and under xcodebuild.
//===----------------------------------------------------------------------===//

import GateCore

extension LineReader {
    /// The verbs after a quoted XCTest name and what they mean (`nil`: started).
    private static let caseVerbs: [(StaticString, TestStatus?)] = [
        ("' started", nil), ("' passed", .passed), ("' failed", .failed), ("' skipped", .skipped),
    ]

    /// `Test Case 'C.t' started at …`, `Test Case '-[M.C t]' passed (0.001 seconds).`,
    /// `Test case 'C.t()' failed on 'Clone 1 of …' (0.010 seconds)` and the like.
    static func xctestCase(_ line: Substring) -> LogLine? {
        let rest = line.dropFirst("Test Case '".count)
        guard let verb = earliest(of: caseVerbs, in: rest) else { return nil }
        let raw = rest[..<verb.range.lowerBound]
        guard !raw.isEmpty else { return nil }
        // xcodebuild names a Swift Testing case `Suite/function()`; its expectations name the
        // function as Swift Testing prints it, with its parentheses.
        let swiftTesting = !raw.hasPrefix("-[") && raw.contains("/") && raw.hasSuffix(")")
        let framework: LogLine.Framework = swiftTesting ? .swiftTesting : .xctest
        let name = swiftTesting ? TestName.swiftTesting(raw.split(separator: "/").last ?? raw) : TestName.xctest(raw)
        guard let status = verb.value else { return .started(name, framework, iteration: iteration(in: rest[verb.range.upperBound...])) }
        let tail = rest[verb.range.upperBound...]
        var duration: Double?
        if let open = tail.lastIndex(of: "(") {
            duration = seconds(in: tail[tail.index(after: open)...])
        }
        // `Test case 'C.t()' passed on 'Clone 1 of iPhone …' (…)`: xcodebuild's own per-test line,
        // not XCTest's (`Test Case`), even when xcodebuild's log cut it after `on `.
        if tail.hasPrefix(" on '") || line.hasPrefix("Test case '") {
            return .listed(name, framework, status, durationSeconds: duration)
        }
        return .finished(name, framework, status, durationSeconds: duration, message: nil)
    }

    /// `2` in ` (Iteration 2 of 3).`; `nil` without one.
    private static func iteration(in tail: Substring) -> Int? {
        guard let marker = tail.find("(Iteration ") else { return nil }
        let digits = tail[marker.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return digits.count <= 9 ? Int(digits) : nil
    }

    /// `Executed 5 tests, with 1 test skipped and 3 failures (0 unexpected) in 0.005 (0.005) seconds`.
    /// `failures` counts failed assertions (XCTest's own number), not failed tests.
    static func summary(_ line: Substring) -> LogLine? {
        let rest = line.dropFirst("Executed ".count)
        guard let testWord = rest.find(" test"),
            rest[..<testWord.lowerBound].allSatisfy({ $0.isASCII && $0.isNumber }),
            let executed = integer(endingAt: testWord.lowerBound, in: rest)
        else { return nil }
        guard let failureWord = rest.find(" failure"),
            let failures = integer(endingAt: failureWord.lowerBound, in: rest)
        else { return nil }
        return .summary(executed: executed, failures: failures)
    }

    /// `/path/File.swift:42: error: C.t : XCTAssertEqual failed: …` (a failure),
    /// `/path/File.swift:7: C.t : Test skipped - reason` (a skip on Linux), and the macOS
    /// spelling with `-[M.C t]`. The location keeps only the file's last path component.
    static func xctestDetail(_ line: Substring) -> LogLine? {
        guard let separator = line.find(" : ") else { return nil }
        let head = line[..<separator.lowerBound]
        let text = ConsoleText.trimmed(line[separator.upperBound...])
        let location: Substring
        let raw: Substring
        let isError: Bool
        if let error = head.find(": error: ") {
            (location, raw, isError) = (head[..<error.lowerBound], head[error.upperBound...], true)
        } else if let colon = head.findLast(": ") {
            (location, raw, isError) = (head[..<colon.lowerBound], head[colon.upperBound...], false)
        } else {
            return nil
        }
        guard !raw.isEmpty, raw.hasPrefix("-[") || !raw.contains(" "), let place = fileAndLine(location) else {
            return nil
        }
        let name = TestName.xctest(raw)
        if isError {
            return .detail(name, .xctest, message: "\(place.short): \(text)", location: place.location)
        }
        var reason = text
        if reason.hasPrefix("Test skipped") {
            reason = reason.dropFirst("Test skipped".count)
            if reason.hasPrefix(" - ") { reason = reason.dropFirst(3) }
        }
        return .detail(name, .xctest, message: String(ConsoleText.trimmed(reason)), location: nil)
    }

    /// `File.swift:42` and the whole location from `/any/path/File.swift:42`, or `nil` unless it
    /// ends in `:<digits>`.
    private static func fileAndLine(_ location: Substring) -> (short: String, location: SourceLocation?)? {
        guard let colon = location.lastIndex(of: ":") else { return nil }
        let number = location[location.index(after: colon)...]
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let path = location[..<colon]
        let file = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path
        guard !file.isEmpty else { return nil }
        let line = Int(number).flatMap { $0 > 0 ? $0 : nil }
        return ("\(file):\(number)", line.map { SourceLocation(file: String(path), line: $0) })
    }
}

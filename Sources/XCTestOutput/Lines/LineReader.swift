//===----------------------------------------------------------------------===//
// LineReader.swift: recognises one cleaned console line.
//===----------------------------------------------------------------------===//

import GateCore

/// Recognises one console line (already cleaned by ``ConsoleText``) as a ``LogLine``, or
/// returns `nil` for anything else. Pure functions of the line: no state, never traps.
enum LineReader {
    /// The meaning of `line`, or `nil` when it is not a line the parser uses.
    static func read(_ line: Substring) -> LogLine? {
        guard let first = line.first else { return nil }
        if !first.isASCII {
            return swiftTesting(line) ?? formatted(line)
        }
        if line.hasPrefix("Test Case '") || line.hasPrefix("Test case '") {
            return xctestCase(line)
        }
        if line.hasPrefix("Executed ") {
            return summary(line)
        }
        if line.hasPrefix("Test Suite '") {
            return suiteStarted(line)
        }
        // xcbeautify prints Swift Testing's run and suite lines without their symbol.
        if line.hasPrefix("Test run with ") {
            return runLine(line)
        }
        if line.hasPrefix("Suite "), line.find(" after ") != nil {
            return suiteLine(line.dropFirst("Suite ".count))
        }
        if line.hasPrefix("[") {
            return parallelProgress(line)
        }
        if line.hasPrefix("Restarting after unexpected exit") {
            return restart(line)
        }
        return xctestDetail(line)
    }

    /// Whether `line` looks like a test framework's line, so one the reader did not recognise is
    /// worth counting (a format the parser does not know yet).
    static func looksLikeTestOutput(_ line: Substring) -> Bool {
        if line.hasPrefix("Test Case '") || line.hasPrefix("Test case '") || line.hasPrefix("Executed ") {
            return true
        }
        guard let first = line.first, !first.isASCII else { return false }
        let body = ConsoleText.trimmed(line.dropFirst())
        return body.hasPrefix("Test ") || body.hasPrefix("Suite ")
    }

    /// Test-like lines that carry nothing the parser needs: Swift Testing's `Test run started.`
    /// and `Suite X started.`, XCTest's `measured [Time, seconds]` lines.
    static func isKnownQuiet(_ line: Substring) -> Bool {
        if line.hasPrefix("Test Case '") || line.hasPrefix("Test case '") {
            return line.find("' measured [") != nil
        }
        guard let first = line.first, !first.isASCII else { return false }
        let body = ConsoleText.trimmed(line.dropFirst())
        if body.hasPrefix("Test run started") || body.hasPrefix("Test run with ") || body.hasPrefix("Test case passing ") {
            return true
        }
        // `━ Test f() recorded a known issue at …`: a `withKnownIssue` expectation, no failure.
        if body.hasPrefix("Test "), body.find(" recorded a known issue") != nil {
            return true
        }
        return body.hasPrefix("Suite ") && (body.hasSuffix(" started.") || body.find(" started.") != nil)
    }

    /// `[3/10] Testing Module.Class/testX` from `swift test --parallel`.
    static func parallelProgress(_ line: Substring) -> LogLine? {
        guard let close = line.firstIndex(of: "]") else { return nil }
        let counts = line[line.index(after: line.startIndex)..<close].split(separator: "/", omittingEmptySubsequences: false)
        guard counts.count == 2, counts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            return nil
        }
        let rest = line[line.index(after: close)...]
        guard rest.hasPrefix(" Testing ") else { return nil }
        let specifier = ConsoleText.trimmed(rest.dropFirst(" Testing ".count))
        guard let slash = specifier.lastIndex(of: "/"), !specifier.contains(" ") else { return nil }
        let owner = specifier[..<slash]
        let method = specifier[specifier.index(after: slash)...]
        guard !owner.isEmpty, !method.isEmpty else { return nil }
        if let dot = owner.firstIndex(of: "."), dot != owner.startIndex, owner.index(after: dot) != owner.endIndex {
            return .parallelDone(TestName(name: "\(owner[owner.index(after: dot)...]).\(method)", module: String(owner[..<dot])))
        }
        return .parallelDone(TestName(name: "\(owner).\(method)", module: nil))
    }

    /// `Restarting after unexpected exit, crash, or test timeout in C.t(); summary will include …`
    /// (the test named), or without `in …` (the test running).
    static func restart(_ line: Substring) -> LogLine? {
        guard let marker = line.find(" in ") else { return .restarted(nil) }
        var raw = line[marker.upperBound...]
        if raw.hasPrefix("-["), let close = raw.firstIndex(of: "]") {
            raw = raw[...close]
        } else if let end = raw.firstIndex(where: { $0 == ";" || $0 == " " }) {
            raw = raw[..<end]
        }
        guard !raw.isEmpty else { return .restarted(nil) }
        return .restarted(TestName.xctest(raw))
    }

    /// Of the `markers` found in `text`, the one that starts first, with its range.
    static func earliest<Value>(
        of markers: [(StaticString, Value)], in text: Substring
    ) -> (range: Range<Substring.Index>, value: Value)? {
        var best: (range: Range<Substring.Index>, value: Value)?
        for (marker, value) in markers {
            guard let range = text.find(marker) else { continue }
            if let current = best, current.range.lowerBound <= range.lowerBound { continue }
            best = (range, value)
        }
        return best
    }

    /// The number of seconds in `text` up to the first ` second`, e.g. `0.012` in
    /// `0.012 seconds)`; `nil` unless it is a finite, non-negative number.
    static func seconds(in text: Substring) -> Double? {
        guard let unit = text.find(" second") else { return nil }
        let number = text[..<unit.lowerBound]
        guard !number.isEmpty, number.count < 40, let value = Double(number), value.isFinite, value >= 0 else {
            return nil
        }
        return value
    }

    /// The decimal integer that ends just before `index` in `text`, if digits end there.
    static func integer(endingAt index: Substring.Index, in text: Substring) -> Int? {
        var start = index
        while start > text.startIndex {
            let previous = text.index(before: start)
            guard text[previous].isASCII, text[previous].isNumber else { break }
            start = previous
        }
        guard start < index, text.distance(from: start, to: index) <= 18 else { return nil }
        return Int(text[start..<index])
    }
}

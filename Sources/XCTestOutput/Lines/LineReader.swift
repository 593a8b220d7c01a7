//===----------------------------------------------------------------------===//
// LineReader.swift: recognises one cleaned console line.
//===----------------------------------------------------------------------===//

/// Recognises one console line (already cleaned by ``ConsoleText``) as a ``LogLine``, or
/// returns `nil` for anything else. Pure functions of the line: no state, never traps.
enum LineReader {
    /// The meaning of `line`, or `nil` when it is not a line the parser uses.
    static func read(_ line: Substring) -> LogLine? {
        guard let first = line.first else { return nil }
        if !first.isASCII {
            return swiftTesting(line)
        }
        if line.hasPrefix("Test Case '") || line.hasPrefix("Test case '") {
            return xctestCase(line)
        }
        if line.hasPrefix("Executed ") {
            return summary(line)
        }
        return xctestDetail(line)
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

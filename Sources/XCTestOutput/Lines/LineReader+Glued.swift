//===----------------------------------------------------------------------===//
// LineReader+Glued.swift: a framework's line printed after other text on the same line.
//===----------------------------------------------------------------------===//

import GateCore

extension LineReader {
    /// Where a framework's line may begin inside `line` (already cleaned) after other text: the
    /// last `Test Case '` (or xcodebuild's `Test case '`), and the last Swift Testing symbol
    /// before ` Test `. An app under test that prints without a trailing newline leaves XCTest's
    /// and Swift Testing's next line glued to its output; only these starts are candidates, and
    /// the parser accepts one only for a test that started (``XCTestLogParser``'s `glued`).
    static func gluedStarts(in line: Substring) -> [Substring] {
        // Every start holds `Test ` (`Test Case '`, `Test case '`, ` Test `): one scan rules out
        // the app's own lines, which are most of a log, before the three searches below.
        guard line.find("Test ") != nil else { return [] }
        var starts: [Substring] = []
        let xctest = [line.findLast("Test Case '"), line.findLast("Test case '")].compactMap { $0?.lowerBound }
        if let last = xctest.max(), last > line.startIndex {
            starts.append(line[last...])
        }
        // `…app output✔ Test f() passed after 0.001 seconds.`: the symbol is the character
        // before ` Test `, not ASCII and not a letter or digit (`✔`, `✘`, `◇`, SF Symbols); the
        // last such place, as a display name may hold ` Test ` too.
        var symbolStart: Substring.Index?
        var rest = line
        while let test = rest.find(" Test ") {
            rest = line[test.upperBound...]
            guard test.lowerBound > line.startIndex else { continue }
            let symbol = line.index(before: test.lowerBound)
            let character = line[symbol]
            if symbol > line.startIndex, !character.isASCII, !character.isLetter, !character.isNumber {
                symbolStart = symbol
            }
        }
        if let symbolStart { starts.append(line[symbolStart...]) }
        return starts
    }

    /// Whether `text` ends as XCTest's result lines end: `(0.002 seconds).` on macOS,
    /// `(0.002 seconds)` on Linux.
    static func endsLikeXCTestResult(_ text: Substring) -> Bool {
        guard let open = text.lastIndex(of: "(") else { return false }
        var tail = text[text.index(after: open)...]
        if tail.hasSuffix(".") { tail = tail.dropLast() }
        guard tail.hasSuffix(" seconds)") else { return false }
        return seconds(in: tail) != nil
    }

    /// Whether `text` (an XCTest start line) ends as XCTest's start lines end: `' started.` on
    /// macOS, `' started at 2024-01-01 12:00:00.000` on Linux.
    static func endsLikeXCTestStart(_ text: Substring) -> Bool {
        guard let verb = text.findLast("' started") else { return false }
        let tail = text[verb.upperBound...]
        return tail == "." || tail.hasPrefix(" at ")
    }
}

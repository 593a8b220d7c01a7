//===----------------------------------------------------------------------===//
// EscapeSequenceTests.swift: the escape sequences real tools print, beyond colour.
//===----------------------------------------------------------------------===//

import Testing
import XCTestOutput

@Suite("escape sequences beyond CSI")
struct EscapeSequenceTests {
    /// The same test line wrapped in what `tput sgr0` (ESC ( B), terminal hyperlinks (OSC 8), the
    /// single-byte CSI U+009B, and a window title (OSC 0 ended by ESC \) print.
    static let wrapped = [
        "\u{1B}[1m\u{1B}(BTest Case 'A.testB' started at x\u{1B}(B\u{1B}[m",
        "\u{1B}]8;;file:///r/A.swift\u{07}Test Case 'A.testB' started at x\u{1B}]8;;\u{07}",
        "\u{9B}31mTest Case 'A.testB' started at x\u{9B}0m",
        "\u{1B}]0;building\u{1B}\\Test Case 'A.testB' started at x",
    ]

    @Test("each wrapped line reads as the plain one", arguments: wrapped)
    func reads(_ line: String) {
        var parser = XCTestLogParser()
        #expect(parser.consume(line: Substring(line)) == .started("A.testB"))
    }
}

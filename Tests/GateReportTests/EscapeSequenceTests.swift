//===----------------------------------------------------------------------===//
// EscapeSequenceTests.swift: the report removes the sequences the parser and the scanner do.
//===----------------------------------------------------------------------===//

import GateReport
import Testing

@Suite("report text and escape sequences")
struct ReportEscapeSequenceTests {
    @Test(
        "tput sgr0, OSC hyperlinks and titles, and the single-byte CSI leave only the text",
        arguments: [
            "\u{1B}[1m\u{1B}(Bfailed\u{1B}(B\u{1B}[m", "\u{1B}]8;;file:///r\u{07}failed\u{1B}]8;;\u{07}", "\u{9B}31mfailed\u{9B}0m",
            "\u{1B}]0;title\u{1B}\\failed",
        ])
    func cleaned(_ text: String) {
        #expect(ReportText.clean(text) == "failed")
    }
}

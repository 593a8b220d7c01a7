//===----------------------------------------------------------------------===//
// EscapeSequenceTests.swift: a token behind any escape sequence is still found.
//===----------------------------------------------------------------------===//

import GateTestSupport
import Testing
import TokenScan

@Suite("tokens behind escape sequences")
struct TokenEscapeSequenceTests {
    @Test(
        "ESC ( B, OSC hyperlinks and titles, and the single-byte CSI do not hide a token",
        arguments: ["\u{1B}(B", "\u{1B}]8;;https://example.invalid\u{07}", "\u{1B}]0;title\u{1B}\\", "\u{9B}1m"])
    func found(_ sequence: String) {
        let token = FakeGitHubToken.make(seed: 91)
        let line = "export GH_TOKEN=\(sequence)\(token)\(sequence)\n"
        let result = TokenScanner(configuration: ScanConfiguration(allow: [], fingerprintKey: Array("test-key".utf8))).scan(
            bytes: Array(line.utf8), displayPath: "log")
        #expect(result.findings.map(\.rule.rawValue) == ["github-token"], "\(sequence.debugDescription)")
        #expect(result.findings.first?.column == "export GH_TOKEN=".utf8.count + 1)
    }
}

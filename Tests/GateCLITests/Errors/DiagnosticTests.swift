//===----------------------------------------------------------------------===//
// DiagnosticTests.swift
//===----------------------------------------------------------------------===//

import Testing

@testable import GateCLI

@Suite("Diagnostic")
struct DiagnosticTests {
    @Test("control characters from input never reach the terminal raw, and the line stays one line")
    func escapes() {
        let diagnostic = Diagnostic(text: "decoder said: OK\u{1B}[31mred\nsecond line\u{85}", exitCode: .infrastructure)
        #expect(diagnostic.line == "acceptance-gate: decoder said: OK\\u{1b}[31mred\\u{a}second line\\u{85}")
        #expect(!diagnostic.line.contains("\n"))
    }

    @Test("line separators and bidirectional overrides, which reorder or break what a reader sees, are escaped")
    func bidi() {
        let line = Diagnostic(text: "shard a\u{2028}verified: accepted \u{202E}dekcatta\u{2066}x\u{2069}", exitCode: .failure).line
        #expect(line == "acceptance-gate: shard a\\u{2028}verified: accepted \\u{202e}dekcatta\\u{2066}x\\u{2069}")
    }

    @Test("printable text, including non-ASCII, is kept as it is")
    func keepsPrintable() {
        #expect(
            Diagnostic(text: "port 8765 on 127.0.0.1 — ✓ café", exitCode: .usage).line == "acceptance-gate: port 8765 on 127.0.0.1 — ✓ café"
        )
    }

    @Test("an option value with a newline gives a one-line usage error")
    func optionValueWithNewline() {
        let run = GateRun.run(["frames", "decode", "--batch", "--limit", "5\nX"])
        #expect(run.exitCode == .usage)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.contains("'5\\u{a}X'"))
    }

    @Test("a very long message is cut")
    func long() {
        let line = Diagnostic(text: String(repeating: "x", count: 10_000), exitCode: .usage).line
        #expect(line.count == "acceptance-gate: ".count + 4_096 + 1)
        #expect(line.hasSuffix("x…"))
    }
}

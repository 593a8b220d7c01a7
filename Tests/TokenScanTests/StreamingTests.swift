//===----------------------------------------------------------------------===//
// StreamingTests.swift: chunking, line endings, long lines, binary input, files.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import Testing

@testable import TokenScan

@Suite("streaming")
struct StreamingTests {
    /// A log with secrets on several lines, one PEM block, CRLF and ANSI lines.
    private static func sample() -> (text: String, secrets: [String]) {
        var fake = FakeTokens(seed: 0x57AE)
        let github = fake.github()
        let aws = fake.awsKeyID()
        let body = fake.pemBodyLines(3)
        let label = FakeTokens.pemLabel()
        let password = fake.password()
        let text =
            "Compiling App\r\nremote: \(github)\r\n\u{1B}[32mkey \(aws)\u{1B}[0m\n-----BEGIN \(label)-----\n"
            + body.joined(separator: "\n") + "\n-----END \(label)-----\nDB_PASSWORD=\(password)"
        return (text, [github, aws, password] + body)
    }

    @Test("the same findings whatever the chunk size", arguments: [1, 2, 7, 64, 4096, 1 << 20])
    func chunkSizes(_ size: Int) {
        let sample = Self.sample()
        let whole = scan(sample.text)
        #expect(whole.findings.map(\.rule) == [.githubToken, .awsAccessKeyID, .privateKey, .genericSecret])
        let chunked = scanInChunks(Array(sample.text.utf8), chunkSize: size)
        #expect(chunked.findings == whole.findings)
        #expect(chunked.lineCount == 9)
    }

    @Test("a NUL byte in the first 8 KiB makes a binary file: skipped with a note")
    func binary() {
        var fake = FakeTokens(seed: 1)
        let bytes = Array("header\u{0}\n\(fake.github())\n".utf8)
        let result = scanInChunks(bytes, chunkSize: 3)
        #expect(result.findings.isEmpty)
        #expect(result.isBinary)
        #expect(result.notes.map(\.kind) == [.binary])
        let late = Array(String(repeating: "x", count: 9000).utf8) + [0] + Array("\n\(fake.github())\n".utf8)
        #expect(scanInChunks(late, chunkSize: 4096).findings.count == 1)
    }

    @Test("binary content the gate captured is scanned for its text: a NUL byte does not switch the scan off")
    func binaryContentScanned() {
        var fake = FakeTokens(seed: 3)
        let first = fake.github()
        let second = fake.github()
        // A NUL right before a token, and a token inside a line of other binary bytes.
        let bytes = Array("header\u{0}\(first)\n".utf8) + [0xFF, 0x00, 0x01] + Array(" \(second)\u{0}".utf8) + [0x80, 0x0A]
        let scanner = TokenScanner(
            configuration: ScanConfiguration(
                fingerprintKey: testFingerprintKey, scansBinaryContent: true))
        for size in [1, 3, 4096] {
            let session = scanner.makeSession(displayPath: "capture.log")
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + size)
                Array(bytes[offset..<end]).withUnsafeBytes { session.feed($0) }
                offset = end
            }
            let result = session.finish()
            #expect(result.findings.map(\.line) == [1, 2], "chunks of \(size)")
            #expect(result.findings.map(\.rule) == [.githubToken, .githubToken])
            #expect(result.findings.first?.column == 8)
            #expect(!result.isBinary)
            #expect(result.notes.map(\.kind) == [.binaryScanned])
        }
        #expect(scanInChunks(bytes, chunkSize: 4096).findings.isEmpty, "the scan command's default still skips a binary file")
    }

    @Test("a line over 1 MiB is scanned in pieces with a note, and scanning goes on")
    func longLine() {
        var fake = FakeTokens(seed: 2)
        let first = fake.github()
        let second = fake.github()
        let long = "x " + first + " " + String(repeating: "y", count: (1 << 20) + 100) + "\n" + second + "\n"
        let result = scanInChunks(Array(long.utf8), chunkSize: 65536)
        #expect(result.findings.map(\.line) == [1, 2])
        #expect(result.findings.first?.column == 3)
        #expect(result.notes.map(\.kind) == [.longLine])
    }

    @Test("a file on disk is read in chunks; a missing file and a folder throw")
    func files() throws {
        var fake = FakeTokens(seed: 3)
        let scratch = try ScratchFolder("tokenscan")
        defer { scratch.remove() }
        let path = scratch.file("x.log")
        let lines = (0..<50_000).map { "line \($0) ok" } + ["npm publish " + fake.npm()]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let result = try makeScanner().scan(fileAtPath: path, displayPath: "logs/x.log")
        #expect(result.findings.map(\.line) == [50_001])
        #expect(result.findings.first?.file == "logs/x.log")
        #expect(throws: TokenScanError.self) { try makeScanner().scan(fileAtPath: path + ".missing", displayPath: "m") }
        #expect(throws: TokenScanError.isDirectory(path: NSTemporaryDirectory())) {
            try makeScanner().scan(fileAtPath: NSTemporaryDirectory(), displayPath: "d")
        }
    }
}

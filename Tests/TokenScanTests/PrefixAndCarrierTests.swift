//===----------------------------------------------------------------------===//
// PrefixAndCarrierTests.swift: CI line prefixes, PEM blocks across them, base64 carriers, SARIF columns.
//===----------------------------------------------------------------------===//

import Foundation
import Testing

@testable import TokenScan

@Suite("prefixes and carriers")
struct PrefixAndCarrierTests {
    /// The known CI prefixes and what follows them.
    static let prefixes: [(prefix: String, rest: String)] = [
        ("2024-06-12T18:35:39.0123400Z ", "echo"),
        ("\u{FEFF}2024-06-12T18:35:39.0123400Z ", "echo"),
        ("[18:36:05]: ", "Driving the lane"),
        ("[2024-06-12T18:35:39.012Z] + ", "echo"),
        ("18:35:39  ", "Building"),
        ("2024-06-12T18:35:39.012345Z 00O ", "text"),
        ("2024-06-12T18:35:39.012345Z 01E+", "text"),
        ("2024-06-12 18:35:39.012345+0000 ", "xcodebuild[123:456] note"),
        ("+ ", "security find-identity"),
        ("++ ", "echo"),
        ("2024-06-12T18:35:39.0123400Z + ", "cat key.p8"),
    ]

    @Test("known CI prefixes are recognised; ordinary lines, dates and versions are not prefixes")
    func linePrefixes() {
        for (prefix, rest) in Self.prefixes {
            let bytes = Array((prefix + rest).utf8)
            let length = bytes.withUnsafeBufferPointer { LinePrefix.length(of: LineView(bytes: $0)) }
            #expect(length == prefix.utf8.count, "\(prefix.debugDescription)")
        }
        for line in ["2024-06-12 release notes", "1.2.3 is out", "12:30 lunch", "[INFO] 12 tests", "+1 for this", "Compiling 12:34:56"] {
            let bytes = Array(line.utf8)
            #expect(bytes.withUnsafeBufferPointer { LinePrefix.length(of: LineView(bytes: $0)) } == 0, "\(line)")
        }
    }

    @Test("a PEM key printed into a prefixed log is one finding from BEGIN to END, fingerprinted like the plain block")
    func pemAcrossPrefixedLines() throws {
        var fake = FakeTokens(seed: 0x9E3)
        let block = fake.pemBlock("EC", bodyLines: 5)
        let plain = try #require(scan(block.lines.joined(separator: "\n") + "\n").findings.first)
        let styles: [(Int) -> String] = [
            { "2024-06-12T18:35:\(10 + $0).0123400Z " }, { "[18:36:\(10 + $0)]: " }, { "[2024-06-12T18:35:\(10 + $0).012Z] " },
            { _ in "build_1  | " }, { "2024-06-12T18:35:\(10 + $0).0123400Z build_1  | " },
        ]
        for style in styles {
            var lines = (0..<5).map { style($0) + "line \($0) of the build" }
            lines += block.lines.enumerated().map { style($0.offset) + $0.element }
            lines.append(style(9) + "done")
            let result = scan(lines.joined(separator: "\n") + "\n")
            #expect(result.findings.map(\.rule) == [.privateKey], "\(style(0))")
            let finding = try #require(result.findings.first)
            #expect(finding.fingerprint == plain.fingerprint, "\(style(0))")
            #expect(finding.line == 6 && finding.endLine == 6 + block.lines.count - 1, "\(style(0))")
            #expect(finding.column == style(0).utf8.count + 1, "\(style(0))")
        }
    }

    @Test("a base64-encoded .p8 (fastlane key_content) is a private key with the plain block's fingerprint")
    func encodedPEM() throws {
        var fake = FakeTokens(seed: 0x9E4)
        let block = fake.pemBlock("", bodyLines: 3)
        let text = block.lines.joined(separator: "\n") + "\n"
        let plain = try #require(scan(text).findings.first)
        let encoded = Data(text.utf8).base64EncodedString()
        for line in ["ASC_KEY_CONTENT=\(encoded)", "key_content: \"\(encoded)\"", "echo \(encoded) | base64 --decode > key.p8"] {
            let finding = try #require(scan(line).findings.first, "\(line.prefix(20))")
            #expect(finding.rule == .privateKey)
            #expect(finding.fingerprint == plain.fingerprint)
        }
        // Wrapped at 76 characters: the first line still says what it is.
        let wrapped = stride(from: 0, to: encoded.count, by: 76).map { String(Array(encoded)[$0..<min(encoded.count, $0 + 76)]) }
        #expect(scan(wrapped.joined(separator: "\n")).findings.map(\.rule) == [.privateKey])
    }

    @Test("base64 user:token reports the token's rule and fingerprint; user:password is basic credentials")
    func basicCarrier() throws {
        var fake = FakeTokens(seed: 0x9E5)
        let token = fake.github()
        let plain = try #require(scan("t \(token)").findings.first)
        let carried = try #require(scan("MATCH_GIT_BASIC_AUTHORIZATION=" + Data("x:\(token)".utf8).base64EncodedString()).findings.first)
        #expect(carried.rule == .githubToken)
        #expect(carried.fingerprint == plain.fingerprint)
        let password = scan("MATCH_GIT_BASIC_AUTHORIZATION=" + Data("bot:\(fake.password())".utf8).base64EncodedString())
        #expect(password.findings.map(\.rule) == [.basicCredentials])
        let weak = scan("MATCH_GIT_BASIC_AUTHORIZATION=" + Data("bot:changeme".utf8).base64EncodedString())
        #expect(weak.findings.isEmpty && weak.suppressed.map(\.reason) == [.placeholder])
    }

    @Test("fastlane table rows: a secret-named key's cell, also after a shared prefix; other rows are not")
    func tableRows() throws {
        var fake = FakeTokens(seed: 0x9E6)
        let secret = fake.alnum(32)
        for line in ["| api_key | \(secret) |", "build_1  | | api_key     | \(secret)   |", "[18:36:05]: | api_key | \(secret) |"] {
            let finding = try #require(scan(line).findings.first, "\(line)")
            #expect(finding.rule == .genericSecret)
            let start = try #require(line.range(of: secret))
            #expect(finding.column == line.utf8.distance(from: line.startIndex, to: start.lowerBound) + 1)
        }
        #expect(scan("| 12 | build_app | 312 |").findings.isEmpty)
        #expect(scan("| key_id | D83848D23 |").findings.isEmpty)
    }

    @Test("SARIF columns count UTF-16 code units of the line as read; the contract's columns count stripped bytes")
    func sarifColumns() throws {
        var fake = FakeTokens(seed: 0x9E7)
        let token = fake.npm()
        let line = "\u{1B}[1mé😀\u{1B}[0m \(token) done"
        let finding = try #require(scan(line).findings.first)
        // Stripped bytes before the token: é (2) + 😀 (4) + space = 7.
        #expect(finding.column == 8)
        #expect(finding.endColumn == 8 + token.utf8.count)
        // As read, in UTF-16: ESC[1m (4) + é (1) + 😀 (2) + ESC[0m (4) + space = 12.
        #expect(finding.sarifColumn == 13)
        #expect(finding.sarifEndColumn == 13 + token.utf16.count)
        let prefixed = try #require(scan("2024-06-12T18:35:39.0123400Z ✓ " + token).findings.first)
        #expect(prefixed.sarifColumn == "2024-06-12T18:35:39.0123400Z ✓ ".utf16.count + 1)
        #expect(prefixed.column == "2024-06-12T18:35:39.0123400Z ✓ ".utf8.count + 1)
    }
}

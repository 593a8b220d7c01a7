//===----------------------------------------------------------------------===//
// DisguiseTests.swift: tokens printed base64- or hex-encoded, JSON-escaped, percent-encoded, cut by wrapping.
//===----------------------------------------------------------------------===//

import Foundation
import Testing

@testable import TokenScan

/// Issue #40: a live-format token that test output prints in a carrier (a JSON dump's `\u`
/// escapes, a URL-encoded query string, base64 of an HTTP body, hex, a long line wrapped by the
/// runner) is found, fingerprinted as the token itself, and named at the encoded bytes; what
/// carries no token stays silent.
@Suite("tokens in disguise")
struct DisguiseTests {
    /// `text` as base64.
    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    /// `text` as lowercase hex.
    static func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }

    /// Every byte of `text` as a JSON `\u00XX` escape.
    static func jsonEscaped(_ text: String) -> String { text.utf8.map { String(format: "\\u%04x", $0) }.joined() }

    /// Every byte of `text` percent-encoded.
    static func percentEncoded(_ text: String) -> String { text.utf8.map { String(format: "%%%02X", $0) }.joined() }

    /// The one finding of scanning `input`, which must have `carrier`, the plain token's
    /// fingerprint, and a byte range inside `encoded` where `encoded` stands in `input`.
    private func expectFound(
        _ token: String, carrier: ScanCarrier, in input: String, encoded: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let findings = scan(input).findings
        try #require(findings.count == 1, "\(carrier): \(findings)", sourceLocation: sourceLocation)
        let finding = findings[0]
        let plain = try #require(scan("token \(token)\n").findings.first, sourceLocation: sourceLocation)
        #expect(finding.rule == .githubToken, sourceLocation: sourceLocation)
        #expect(finding.carrier == carrier, sourceLocation: sourceLocation)
        #expect(finding.fingerprint == plain.fingerprint, "fingerprinted as the decoded token", sourceLocation: sourceLocation)
        let bytes = Array(input.utf8)
        let run = try #require(bytes.firstRange(of: Array(encoded.utf8)), sourceLocation: sourceLocation)
        let range = try #require(finding.byteRange, sourceLocation: sourceLocation)
        #expect(range.lowerBound >= run.lowerBound && range.upperBound <= run.upperBound, sourceLocation: sourceLocation)
        #expect(range.count >= token.utf8.count, "the whole encoded token", sourceLocation: sourceLocation)
        let jsonl = ScanOutput.jsonl(findings)
        #expect(jsonl.contains("\"carrier\":\"\(carrier.rawValue)\""), sourceLocation: sourceLocation)
        #expect(!leaks(token, in: jsonl), sourceLocation: sourceLocation)
    }

    @Test func aTokenInBase64OfAnHTTPBodyIsFound() throws {
        var fake = FakeTokens(seed: 0xB64)
        let token = fake.github()
        let encoded = Self.base64("{\"login\":\"ci-bot\",\"token\":\"\(token)\",\"scopes\":[\"repo\"]}")
        try expectFound(token, carrier: .base64, in: "> POST /session body=\(encoded)\n", encoded: encoded)
        // URL-safe base64 as well, and at every alignment of the token in the body.
        for pad in 0..<3 {
            let body = String(repeating: "x", count: pad) + " auth " + token + " end of the body"
            let urlSafe = Self.base64(body).replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            try expectFound(token, carrier: .base64, in: "payload: \(urlSafe)\n", encoded: urlSafe)
        }
    }

    @Test func aTokenInHexIsFound() throws {
        var fake = FakeTokens(seed: 0x4E5)
        let token = fake.github()
        let encoded = Self.hex("Authorization: token \(token)")
        try expectFound(token, carrier: .hex, in: "request header bytes: \(encoded)\n", encoded: encoded)
    }

    @Test func aTokenInJSONEscapesIsFound() throws {
        var fake = FakeTokens(seed: 0x150)
        let token = fake.github()
        let encoded = Self.jsonEscaped(token)
        try expectFound(token, carrier: .jsonEscape, in: "{\"headers\":{\"x-auth\":\"\(encoded)\"}}\n", encoded: encoded)
        // Only the prefix escaped.
        let partly = Self.jsonEscaped(String(token.prefix(4))) + String(token.dropFirst(4))
        try expectFound(token, carrier: .jsonEscape, in: "{\"token\":\"\(partly)\"}\n", encoded: partly)
    }

    @Test func aTokenPercentEncodedIsFound() throws {
        var fake = FakeTokens(seed: 0x25)
        let token = fake.github()
        let encoded = Self.percentEncoded(token)
        try expectFound(token, carrier: .url, in: "GET https://api.example.com/repos?access_token=\(encoded)&page=2\n", encoded: encoded)
        // A URL-encoded JSON value: the token itself plain, but glued to the escapes around it.
        let value = "%7B%22token%22%3A%22" + token + "%22%7D"
        try expectFound(token, carrier: .url, in: "redirect: /cb?code=1&state=\(value) HTTP/1.1\n", encoded: value)
    }

    @Test func aTokenCutAcrossTwoLinesIsFoundAtItsBytesOnBoth() throws {
        var fake = FakeTokens(seed: 0x3A9)
        let token = fake.github()
        for cut in [5, 12, 39] {
            let first = String(token.prefix(cut))
            let rest = String(token.dropFirst(cut))
            for prefix in ["", "2026-01-06T17:40:43.8530000Z "] {
                let input = "\(prefix)export GH_AUTH=\(first)\n\(prefix)\(rest) and more\n\(prefix)done\n"
                let findings = scan(input).findings
                try #require(findings.count == 1, "cut at \(cut), prefix '\(prefix)': \(findings)")
                let finding = findings[0]
                let plain = try #require(scan("token \(token)\n").findings.first)
                #expect(finding.carrier == .wrapped)
                #expect(finding.fingerprint == plain.fingerprint)
                #expect(finding.line == 1 && finding.endLine == 2)
                let bytes = Array(input.utf8)
                let head = try #require(finding.byteRange)
                let tail = try #require(finding.continuationRange)
                #expect(Array(bytes[head]) == Array(first.utf8))
                #expect(Array(bytes[tail]) == Array(rest.utf8))
            }
        }
    }

    @Test func carriersAreFoundWhateverTheChunking() throws {
        var fake = FakeTokens(seed: 0xC4)
        let token = fake.github()
        let input = Array(
            ("body \(Self.base64("{\"t\":\"\(token)\"}"))\nq=\(Self.percentEncoded(token))\n\"\(Self.jsonEscaped(token))\"\n"
                + "x \(Self.hex("t=\(token)"))\nauth \(token.prefix(20))\n\(token.dropFirst(20))\n").utf8)
        let whole = makeScanner().scan(bytes: input, displayPath: "log.txt").findings
        #expect(whole.compactMap(\.carrier) == [.base64, .url, .jsonEscape, .hex, .wrapped])
        for size in [1, 3, 7, 64, 1000] {
            let chunked = scanInChunks(input, chunkSize: size).findings
            #expect(chunked == whole, "chunks of \(size)")
            #expect(chunked.map(\.byteRange) == whole.map(\.byteRange), "chunks of \(size)")
        }
    }

    /// The scanner searches a chunk for the bytes that start ANSI sequences and carriers (escape,
    /// U+009B, `%`, `\\`) a window at a time: a line across the window's end, at every cut, and one
    /// past it are read as a line scanned alone reads them.
    @Test func escapesAcrossTheSearchWindowAreSeen() {
        var fake = FakeTokens(seed: 0x3E7)
        let password = fake.password()
        let token = fake.github()
        let specials: [(line: String, rule: ScanRule, carrier: ScanCarrier?)] = [
            ("pass\u{1B}[1mword=\(password)", .genericSecret, nil),
            ("pass\u{9B}1mword=\(password)", .genericSecret, nil),
            ("q=\(Self.percentEncoded(token))", .githubToken, .url),
            ("\"\(Self.jsonEscaped(token))\"", .githubToken, .jsonEscape),
        ]
        /// Lines without those bytes, `count` bytes in all.
        func filler(_ count: Int) -> String {
            var text = ""
            while text.utf8.count + 61 <= count { text += String(repeating: "a", count: 60) + "\n" }
            let rest = count - text.utf8.count
            return rest > 0 ? text + String(repeating: "b", count: rest - 1) + "\n" : text
        }
        let window = ScanSessionState.rareByteWindow
        for special in specials {
            let length = special.line.utf8.count
            for cut in [1, length / 2, length - 1, length + 1] {
                let text = filler(window - cut) + special.line + "\n" + filler(window / 2) + special.line + "\n" + filler(100)
                let whole = scanInChunks(Array(text.utf8), chunkSize: 1 << 20).findings
                #expect(whole.map(\.rule) == [special.rule, special.rule], "\(special.line.debugDescription) cut at \(cut)")
                #expect(whole.map(\.carrier) == [special.carrier, special.carrier], "\(special.line.debugDescription) cut at \(cut)")
                #expect(scanInChunks(Array(text.utf8), chunkSize: 7).findings == whole, "\(special.line.debugDescription) cut at \(cut)")
            }
        }
    }

    @Test func carriersOfNoTokenStaySilent() {
        var fake = FakeTokens(seed: 0x51E)
        let badChecksum = fake.githubBadChecksum()
        let lines = [
            // Base64 of text, of a token whose checksum fails, of random bytes; hex digests and SHAs.
            "body: " + Self.base64("{\"user\":\"ci-bot\",\"note\":\"no secret in this body at all, just words\"}"),
            "body: " + Self.base64("token=\(badChecksum)"),
            "blob: " + Data(fake.bytes(90)).base64EncodedString(),
            "sha256: " + fake.hexString(64) + " GITHUB_SHA=" + fake.hexString(40),
            "hex: " + Self.hex("a plain sentence with nothing in it"),
            // Escapes of ordinary text, a percent that escapes nothing, a placeholder.
            "{\"msg\":\"" + Self.jsonEscaped("caf\u{e9} au lait, no token here") + "\"}",
            "GET /search?q=" + Self.percentEncoded("hello world, nothing to see") + " 100% done",
            "url: /cb?token=" + Self.percentEncoded("ghp_" + String(repeating: "x", count: 36)),
            // A long path read as base64, and a line that ends in a word with an underscore.
            "/Users/runner/Library/Developer/Xcode/DerivedData/App-abcdefghijklmnopqrstuvwxyzab/Build/Products",
            "Compiling module_name_with_underscores",
            "next_line_is_not_a_token_part",
        ]
        let findings = scan(lines.joined(separator: "\n") + "\n").findings
        #expect(findings == [])
    }

    @Test func aTokenPrintedPlainlyIsNotAlsoReportedAsACarrier() {
        var fake = FakeTokens(seed: 0x9A1)
        let token = fake.github()
        // A plain token ends its line; the next line starts with letters: one finding, no carrier.
        let findings = scan("token \(token)\nfollowing words\n").findings
        #expect(findings.count == 1)
        #expect(findings.first?.carrier == nil)
    }
}

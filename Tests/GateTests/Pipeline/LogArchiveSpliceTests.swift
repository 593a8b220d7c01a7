//===----------------------------------------------------------------------===//
// LogArchiveSpliceTests.swift: the archived copy replaces each finding's bytes and nothing else.
//===----------------------------------------------------------------------===//

import Foundation
import GatePublishing
import GateTestSupport
import Testing
import TokenScan

@testable import Gate

@Suite("log archive splice")
struct LogArchiveSpliceTests {
    /// The gate's own scanner settings: binary captures are scanned for their text.
    private let redactor = ReportRedactor(
        scanner: TokenScanner(
            configuration: ScanConfiguration(allow: [], fingerprintKey: Array("splice".utf8), scansBinaryContent: true)))

    /// Scans `input` as the scan stage does, archives it with the findings, and returns what was
    /// written with the findings.
    private func archive(_ input: [UInt8], findings given: [ScanFinding]? = nil) throws -> (bytes: [UInt8], findings: [ScanFinding]) {
        let folder = try ScratchFolder("gate-splice")
        defer { folder.remove() }
        let findings = given ?? redactor.scanner.scan(bytes: input, displayPath: "logs/unit.log").findings
        let outcome = try LogArchive.archive(
            input, to: folder.file("unit.log"), findings: findings, redactor: redactor, displayPath: "logs/unit.log")
        #expect(outcome.archived)
        #expect(outcome.lateFindings.isEmpty, "the splice left something token-like: \(outcome.lateFindings)")
        return (try folder.read("unit.log"), findings)
    }

    /// The marker the archive writes for `finding`.
    private func marker(_ finding: ScanFinding) -> String {
        "[REDACTED \(finding.rule.rawValue) \(String(finding.fingerprint.dropFirst("hmac-sha256:".count).prefix(8)))]"
    }

    /// `input` with the first occurrence of each of `secrets` replaced by the matching marker.
    private func replacing(_ secrets: [String], with markers: [String], in input: [UInt8]) -> [UInt8] {
        var output = input
        for (secret, marker) in zip(secrets, markers) {
            let needle = Array(secret.utf8)
            guard let start = (0...(output.count - needle.count)).first(where: { Array(output[$0..<($0 + needle.count)]) == needle })
            else {
                Issue.record("\(secret) is not in the input")
                continue
            }
            output.replaceSubrange(start..<(start + needle.count), with: Array(marker.utf8))
        }
        return output
    }

    /// What can stand before a token on its line.
    static let prefixes: [[UInt8]] = [
        Array("é".utf8), Array("😀😀 ".utf8), Array("ça 😀 va ".utf8), [0xFF, 0xFE, 0x20], [0xC3, 0xF0, 0x20], [0x80, 0xBF],
        Array("\u{1B}[31mred\u{1B}[0m é ".utf8), Array("progress 10%\rprogress 😀 ".utf8),
    ]

    @Test(arguments: prefixes)
    func onlyTheTokensBytesAreReplacedWhateverStandsBeforeIt(prefix: [UInt8]) throws {
        let token = FakeGitHubToken.make(seed: 0x5B1C + UInt64(prefix.count))
        let input = Array("first é 😀\r\n".utf8) + prefix + Array("token: \(token) tail é\r\nlast\n".utf8)
        let (archived, findings) = try archive(input)
        let finding = try #require(findings.first)
        #expect(findings.count == 1 && finding.line == 2)
        #expect(archived == replacing([token], with: [marker(finding)], in: input), "\(String(decoding: archived, as: UTF8.self))")
    }

    @Test func twoFindingsOnOneLineAreEachReplaced() throws {
        let tokens = [FakeGitHubToken.make(seed: 1), FakeGitHubToken.make(seed: 2)]
        let input = Array("😀 a=\(tokens[0]) é b=\(tokens[1])\r\n".utf8)
        let (archived, findings) = try archive(input)
        #expect(findings.count == 2)
        #expect(archived == replacing(tokens, with: findings.map(marker), in: input))
    }

    @Test func overlappingRangesMergeUnderTheEarliestMarkerAndAdjacentOnesDoNot() throws {
        let input = Array("0123456789abcdefghij\n😀klmnopqrstuvwxyz\n".utf8)
        func finding(_ range: Range<Int>, _ rule: ScanRule, _ hex: String) -> ScanFinding {
            ScanFinding(
                file: "logs/unit.log", line: 1, column: 1, endLine: 1, endColumn: 2, rule: rule,
                fingerprint: "hmac-sha256:" + String(repeating: hex, count: 32), preview: "", byteRange: range)
        }
        let findings = [
            finding(2..<8, .genericSecret, "a"), finding(5..<12, .githubToken, "b"), finding(6..<7, .awsAccessKeyID, "c"),
            finding(12..<14, .slackToken, "d"), finding(21..<25, .npmToken, "e"), finding(27..<100, .stripeLiveKey, "f"),
        ]
        let archived = String(decoding: LogArchive.redacted(input, findings: findings.reversed()), as: UTF8.self)
        #expect(
            archived
                == "01[REDACTED generic-secret aaaaaaaa][REDACTED slack-token dddddddd]efghij\n"
                + "[REDACTED npm-token eeeeeeee]kl[REDACTED stripe-live-key ffffffff]\n")
    }

    @Test func aPEMBlockWithCRLFKeepsEveryLineAndItsCarriageReturn() throws {
        let body = (0..<3).map { line in
            String((0..<64).map { Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")[($0 * 7 + line * 13) % 64] })
        }
        let label = "PRIV" + "ATE KEY"
        let input = Array(
            ("é before\r\nkey: -----BEGIN \(label)-----\r\n" + body.joined(separator: "\r\n") + "\r\n-----END \(label)----- after\r\nend")
                .utf8)
        let (archived, findings) = try archive(input)
        let finding = try #require(findings.first)
        #expect(findings.count == 1 && finding.rule == .privateKey)
        #expect(
            String(decoding: archived, as: UTF8.self)
                == "é before\r\nkey: \(marker(finding))\r\n[REDACTED]\r\n[REDACTED]\r\n[REDACTED]\r\n[REDACTED] after\r\nend")
    }

    @Test func aTokenAcrossTheFileReadersChunkBoundaryIsReplaced() throws {
        let token = FakeGitHubToken.make(seed: 0xC0DE)
        let input = ChunkBoundaryLog.bytes(chunkSize: ChunkedFileReader.defaultChunkSize, offset: 20, token: token, after: " é")
        let folder = try ScratchFolder("gate-splice")
        defer { folder.remove() }
        try folder.write(input, to: "unit.log")
        // The scan stage reads the capture in 1 MiB chunks; the archive gets its bytes whole.
        let findings = try redactor.scanner.scan(fileAtPath: folder.file("unit.log"), displayPath: "logs/unit.log").findings
        let finding = try #require(findings.first)
        #expect(try #require(finding.byteRange).contains(ChunkedFileReader.defaultChunkSize))
        let (archived, _) = try archive(input, findings: findings)
        #expect(archived == replacing([token], with: [marker(finding)], in: input))
    }

    @Test func aLineScannedInPiecesIsReplacedInTheRightPiece() throws {
        let tokens = [FakeGitHubToken.make(seed: 7), FakeGitHubToken.make(seed: 8)]
        var input = Array(repeating: UInt8(ascii: "x"), count: 3)
        while input.count < ScanSession.maximumLineLength + 50 { input += Array("é".utf8) }
        input += Array(" token: \(tokens[0]) é\r\nnext \(tokens[1])\n".utf8)
        // Fed as the file reader feeds it: a line only reaches the line bound across chunks.
        let session = redactor.scanner.makeSession(displayPath: "logs/unit.log")
        for start in stride(from: 0, to: input.count, by: 1 << 16) {
            Array(input[start..<min(input.count, start + (1 << 16))]).withUnsafeBytes { session.feed($0) }
        }
        let scanned = session.finish()
        #expect(scanned.notes.contains { $0.kind == .longLine })
        let (archived, findings) = try archive(input, findings: scanned.findings)
        #expect(findings.count == 2)
        #expect(archived == replacing(tokens, with: findings.map(marker), in: input))
    }

    @Test func aStrayContinuationByteRightAfterTheTokenIsKept() throws {
        // A UTF-16 column never points at a continuation byte, so turning the end column back into
        // bytes took these two into the replacement; the byte range ends where the token does.
        let token = FakeGitHubToken.make(seed: 0x80)
        let input = Array("token: \(token)".utf8) + [0x80, 0xBF] + Array(" tail\r\n".utf8)
        let (archived, findings) = try archive(input)
        let finding = try #require(findings.first)
        #expect(archived == replacing([token], with: [marker(finding)], in: input))
    }

    @Test func aBinaryCaptureKeepsItsBytesAroundTheReplacement() throws {
        let token = FakeGitHubToken.make(seed: 0xB1)
        let input = [0x00, 0xFF, 0xD8, 0x0A, 0x00, 0xC3, 0x0D] + Array("token=\(token)".utf8) + [0x00, 0x0D, 0x0A, 0x80, 0x00]
        let (archived, findings) = try archive(input)
        let finding = try #require(findings.first)
        #expect(archived == replacing([token], with: [marker(finding)], in: input))
    }

    @Test func noTokenSurvivesAndEveryLineStaysInPlaceInGeneratedLogs() throws {
        var generator = SplitMix64(seed: 0x21)
        func next(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        let pieces: [[UInt8]] = [
            Array("é".utf8), Array("😀".utf8), [0xFF], [0xC3], [0x80, 0x0D], Array("\u{1B}[31m".utf8), Array("\u{1B}[0m".utf8),
            Array("token: ".utf8), Array(" x=".utf8), Array("plain ".utf8),
        ]
        var checked = 0
        for round in 0..<150 {
            var input: [UInt8] = []
            var tokens: [String] = []
            for _ in 0..<(1 + next(10)) {
                for _ in 0..<next(8) {
                    if next(4) == 0 {
                        tokens.append(FakeGitHubToken.make(seed: generator.next()))
                        input += Array(" \(tokens[tokens.count - 1]) ".utf8)
                    } else {
                        input += pieces[next(pieces.count)]
                    }
                }
                input += next(3) == 0 ? [0x0D, 0x0A] : [0x0A]
            }
            let (archived, findings) = try archive(input)
            #expect(findings.count >= tokens.count, "round \(round)")
            checked += findings.count
            let text = String(decoding: archived, as: UTF8.self)
            for token in tokens {
                #expect(!text.contains(String(token.dropFirst(4).prefix(12))), "round \(round)")
            }
            let before = input.split(separator: 0x0A, omittingEmptySubsequences: false)
            let after = archived.split(separator: 0x0A, omittingEmptySubsequences: false)
            #expect(before.count == after.count, "round \(round)")
            let lines = Set(findings.map(\.line))
            for (number, (old, new)) in zip(before, after).enumerated() where !lines.contains(number + 1) {
                #expect(old == new, "round \(round), line \(number + 1)")
            }
        }
        #expect(checked > 100)
    }
}

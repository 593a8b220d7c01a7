//===----------------------------------------------------------------------===//
// LogArchiveCarrierTests.swift: tokens in disguise are redacted at their encoded bytes in the archive.
//===----------------------------------------------------------------------===//

import Foundation
import GatePublishing
import GateTestSupport
import Testing
import TokenScan

@testable import Gate

/// Issue #40: a token the code under test printed base64- or hex-encoded, JSON-escaped,
/// percent-encoded or cut across two lines is redacted in the archived log at the bytes that
/// encode it, lines kept, and a report text holding one is withheld.
@Suite("log archive: tokens in disguise")
struct LogArchiveCarrierTests {
    private let redactor = ReportRedactor(
        scanner: TokenScanner(configuration: ScanConfiguration(allow: [], fingerprintKey: Array("carriers".utf8))))

    /// Scans and archives `text`; returns what was written and the findings.
    private func archive(_ text: String) throws -> (text: String, findings: [ScanFinding]) {
        let folder = try ScratchFolder("gate-carriers")
        defer { folder.remove() }
        let input = Array(text.utf8)
        let findings = redactor.scanner.scan(bytes: input, displayPath: "logs/unit.log").findings
        let outcome = try LogArchive.archive(
            input, to: folder.file("unit.log"), findings: findings, redactor: redactor, displayPath: "logs/unit.log")
        #expect(outcome.archived)
        #expect(outcome.lateFindings.isEmpty, "left token-like: \(outcome.lateFindings)")
        return (String(decoding: try folder.read("unit.log"), as: UTF8.self), findings)
    }

    /// The token's encodings in the shapes test output prints them.
    private static func encodings(of token: String) -> [(carrier: ScanCarrier, line: String, encoded: String)] {
        let body = Data("{\"user\":\"ci\",\"token\":\"\(token)\"}".utf8).base64EncodedString()
        let hex = "token=\(token)".utf8.map { String(format: "%02x", $0) }.joined()
        let json = token.utf8.map { String(format: "\\u%04x", $0) }.joined()
        let url = token.utf8.map { String(format: "%%%02X", $0) }.joined()
        return [
            (.base64, "> POST /login body=\(body)", body), (.hex, "bytes: \(hex)", hex),
            (.jsonEscape, "{\"auth\":\"\(json)\"}", json), (.url, "GET /api?t=\(url)&page=2", url),
        ]
    }

    @Test func eachCarrierIsRedactedAtItsEncodedBytes() throws {
        let token = FakeGitHubToken.make(seed: 0xD15C)
        for (carrier, line, encoded) in Self.encodings(of: token) {
            let (archived, findings) = try archive("before\n\(line)\nafter\n")
            #expect(findings.map(\.carrier) == [carrier])
            #expect(archived.hasPrefix("before\n") && archived.hasSuffix("\nafter\n"), "\(carrier): \(archived)")
            #expect(archived.contains("[REDACTED github-token "), "\(carrier): \(archived)")
            #expect(!archived.contains(encoded), "\(carrier): the encoded token is still there")
            #expect(archived.split(separator: "\n", omittingEmptySubsequences: false).count == 4)
        }
    }

    @Test func aTokenCutAcrossTwoLinesIsRedactedOnBothKeepingTheLinesAndTheirPrefix() throws {
        let token = FakeGitHubToken.make(seed: 0xC07)
        let stamp = "2026-01-06T17:40:43.8530000Z "
        let (archived, findings) = try archive("\(stamp)echo \(token.prefix(17))\n\(stamp)\(token.dropFirst(17)) ok\n")
        #expect(findings.map(\.carrier) == [.wrapped])
        let lines = archived.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("\(stamp)echo [REDACTED github-token ") == true, "\(archived)")
        #expect(lines.dropFirst().first == "\(stamp)[REDACTED] ok", "\(archived)")
        #expect(!archived.contains(String(token.dropFirst(4).prefix(8))))
    }

    @Test func aReportTextHoldingADisguisedTokenIsWithheld() {
        let token = FakeGitHubToken.make(seed: 0x7E7)
        for (carrier, line, _) in Self.encodings(of: token) {
            #expect(redactor.text("testLogin printed \(line)") == ReportRedactor.withheld, "\(carrier)")
        }
    }
}

//===----------------------------------------------------------------------===//
// InTotoStatementTests.swift: the Statement v1 and test-result v0.1 field names, and determinism.
//===----------------------------------------------------------------------===//

import Foundation
import GateSigning
import Testing

@Suite("in-toto Statement")
struct InTotoStatementTests {
    static let commit = "0123456789abcdef0123456789abcdef01234567"
    static let reportHex = String(repeating: "ab", count: 32)

    static func statement(url: String? = nil) -> InTotoStatement {
        InTotoStatement(
            subjects: [.gitCommit(name: "acceptance-gate", id: commit), .sha256(name: "report.json", hex: reportHex)],
            result: .failed, passedTests: ["Redirect.testSame", "frames/valid"], failedTests: ["Redirect.testOther"],
            configuration: [.sha256(name: "acceptance-gate.json", hex: String(repeating: "cd", count: 32))], url: url)
    }

    @Test("exact bytes: sorted keys, compact, unescaped slashes, spec field names")
    func exactBytes() {
        let expected =
            #"{"_type":"https://in-toto.io/Statement/v1","predicate":{"configuration":[{"digest":{"sha256":""#
            + String(repeating: "cd", count: 32)
            + #""},"name":"acceptance-gate.json"}],"failedTests":["Redirect.testOther"],"#
            + #""passedTests":["Redirect.testSame","frames/valid"],"#
            + #""result":"FAILED","warnedTests":[]},"predicateType":"https://in-toto.io/attestation/test-result/v0.1","#
            + #""subject":[{"digest":{"gitCommit":""# + Self.commit + #""},"name":"acceptance-gate"},"#
            + #"{"digest":{"sha256":""# + Self.reportHex + #""},"name":"report.json"}]}"#
        #expect(String(decoding: Self.statement().jsonBytes, as: UTF8.self) == expected)
        #expect(Self.statement().jsonBytes == Self.statement().jsonBytes)
    }

    @Test("url appears only when given; the statement reads back")
    func urlAndReadBack() throws {
        let withURL = Self.statement(url: "https://ci.example.com/run/1")
        #expect(String(decoding: withURL.jsonBytes, as: UTF8.self).contains(#""url":"https://ci.example.com/run/1""#))
        #expect(!String(decoding: Self.statement().jsonBytes, as: UTF8.self).contains("\"url\""))
        let parsed = try InTotoStatement(jsonBytes: withURL.jsonBytes)
        #expect(parsed == withURL)
        #expect(parsed.gitCommit == Self.commit)
        #expect(parsed.sha256(ofSubject: "report.json") == Self.reportHex)
        #expect(parsed.sha256(ofSubject: "other") == nil)
    }

    @Test("another _type or predicateType is refused")
    func wrongTypes() {
        let text = String(decoding: Self.statement().jsonBytes, as: UTF8.self)
        for (from, to) in [
            ("https://in-toto.io/Statement/v1", "https://in-toto.io/Statement/v0.1"),
            ("test-result/v0.1", "test-result/v9"),
            ("\"FAILED\"", "\"fail\""),
        ] {
            #expect(throws: SigningError.self) {
                try InTotoStatement(jsonBytes: Array(text.replacingOccurrences(of: from, with: to).utf8))
            }
        }
    }
}

//===----------------------------------------------------------------------===//
// InTotoStatementReadingTests.swift: a hostile statement is refused with the key path at fault.
//===----------------------------------------------------------------------===//

import Foundation
import GateSigning
import Testing

@Suite("in-toto Statement read from the strict reader")
struct InTotoStatementReadingTests {
    static let commit = String(repeating: "0a", count: 20)
    static let digest = String(repeating: "ab", count: 32)
    static let subject = #"[{"digest":{"gitCommit":"\#(commit)"},"name":"repo"},{"digest":{"sha256":"\#(digest)"},"name":"report.json"}]"#
    static let predicate =
        #"{"configuration":[{"digest":{"sha256":"\#(digest)"},"name":"acceptance-gate.json"}],"failedTests":[],"#
        + #""passedTests":["A.testOne","frames/valid"],"result":"PASSED","warnedTests":[]}"#

    /// A statement with these fields' JSON text (`nil` leaves a field out).
    static func text(
        type: String? = #""https://in-toto.io/Statement/v1""#, subject: String? = subject,
        predicateType: String? = #""https://in-toto.io/attestation/test-result/v0.1""#, predicate: String? = predicate
    ) -> String {
        let members = [("_type", type), ("subject", subject), ("predicateType", predicateType), ("predicate", predicate)]
        return "{" + members.compactMap { key, value in value.map { "\"\(key)\":\($0)" } }.joined(separator: ",") + "}"
    }

    /// The problems reading `text` reports; none when it is read.
    static func problems(_ text: String) -> [VerificationProblem] {
        problems(Array(text.utf8))
    }

    /// The problems reading `bytes` reports; none when they are read.
    static func problems(_ bytes: [UInt8]) -> [VerificationProblem] {
        do throws(SigningError) {
            _ = try InTotoStatement(jsonBytes: bytes)
            return []
        } catch {
            guard case .verificationFailed(let problems) = error else { return [.notAStatement(reason: "\(error)")] }
            return problems
        }
    }

    @Test func theGatesOwnStatementReadsBackAsWritten() throws {
        #expect(Self.problems(Self.text()) == [])
        let statement = try InTotoStatement(jsonBytes: Array(Self.text().utf8))
        #expect(statement.gitCommit == Self.commit)
        #expect(statement.predicate.passedTests == ["A.testOne", "frames/valid"])
        #expect(statement.predicate.result == .passed && statement.predicate.url == nil)
        let written = InTotoStatementTests.statement(url: "https://ci.example.com/run/1")
        #expect(try InTotoStatement(jsonBytes: written.jsonBytes) == written)
    }

    @Test(arguments: [
        (
            text(predicate: predicate.replacingOccurrences(of: #""frames/valid""#, with: "7")),
            "field 'predicate.passedTests[1]' has the wrong type"
        ),
        (text(predicate: predicate.replacingOccurrences(of: #""PASSED""#, with: "true")), "field 'predicate.result' has the wrong type"),
        (
            text(predicate: predicate.replacingOccurrences(of: #""PASSED""#, with: #""passed""#)),
            "field 'predicate.result' is not PASSED, WARNED or FAILED"
        ),
        (
            text(predicate: predicate.replacingOccurrences(of: #""warnedTests":[]"#, with: #""warnedTests":null"#)),
            "field 'predicate.warnedTests' has the wrong type"
        ),
        (text(predicate: predicate.replacingOccurrences(of: #","warnedTests":[]"#, with: "")), "field 'predicate.warnedTests' is missing"),
        (text(predicate: predicate.replacingOccurrences(of: #""failedTests":[],"#, with: "")), "field 'predicate.failedTests' is missing"),
        (
            text(predicate: predicate.replacingOccurrences(of: #""configuration":["#, with: #""configuration":[3,"#)),
            "field 'predicate.configuration[0]' has the wrong type"
        ),
        (text(predicate: #"["PASSED"]"#), "field 'predicate' has the wrong type"),
        (text(predicate: nil), "field 'predicate' is missing"),
        (text(subject: nil), "field 'subject' is missing"),
        (text(subject: #"{"name":"repo"}"#), "field 'subject' has the wrong type"),
        (
            text(subject: subject.replacingOccurrences(of: #""gitCommit":"\#(commit)""#, with: #""gitCommit":5"#)),
            "field 'subject[0].digest.gitCommit' has the wrong type"
        ),
        (
            text(subject: subject.replacingOccurrences(of: #""digest":{"sha256":"\#(digest)"},"#, with: "")),
            "field 'subject[1].digest' is missing"
        ),
        (
            text(subject: subject.replacingOccurrences(of: #""name":"repo""#, with: #""name":["repo"]"#)),
            "field 'subject[0].name' has the wrong type"
        ),
        (
            text(subject: subject.replacingOccurrences(of: #""sha256":"#, with: #""odd key\u0000":1,"sha256":"#)),
            #"field 'subject[1].digest["odd key\u{0}"]' has the wrong type"#
        ),
        (text(type: nil), "field '_type' is missing"),
        (text(type: "1"), "field '_type' has the wrong type"),
        (text(predicateType: nil), "field 'predicateType' is missing"),
    ])
    func aWrongOrMissingFieldIsNamedByItsKeyPath(text: String, reason: String) {
        #expect(Self.problems(text) == [.notAStatement(reason: reason)], "\(text)")
    }

    @Test func nullStandsForAMissingOptionalField() throws {
        let text = Self.text(
            subject: Self.subject.replacingOccurrences(of: #""name":"repo""#, with: #""name":null,"annotations":null"#),
            predicate: Self.predicate.replacingOccurrences(of: #""result""#, with: #""url":null,"result""#))
        let statement = try InTotoStatement(jsonBytes: Array(text.utf8))
        #expect(statement.subjects.first?.name == nil && statement.subjects.first?.annotations == nil)
        #expect(statement.predicate.url == nil)
    }

    @Test func aKeyTwiceIsAnAmbiguityAtItsPath() {
        let twice = Self.text(
            predicate: Self.predicate.replacingOccurrences(of: #""result":"PASSED""#, with: #""result":"FAILED","result":"PASSED""#))
        #expect(
            Self.problems(twice) == [
                .ambiguousJSON(
                    file: "the signed payload", path: "predicate.result", problem: "the key 'result' appears twice in one object")
            ])
        let digests = Self.text(
            subject: Self.subject.replacingOccurrences(
                of: #""sha256":"\#(Self.digest)""#, with: #""sha256":"00","sha256":"\#(Self.digest)""#))
        #expect(
            Self.problems(digests) == [
                .ambiguousJSON(
                    file: "the signed payload", path: "subject[1].digest.sha256", problem: "the key 'sha256' appears twice in one object")
            ])
    }

    @Test func aHugeOrDeepStatementIsRefusedBeforeItIsMapped() {
        var huge = Array(Self.text().utf8)
        huge.insert(contentsOf: Array(repeating: UInt8(ascii: " "), count: DSSEEnvelope.documentLimit), at: 1)
        #expect(
            Self.problems(huge) == [
                .ambiguousJSON(
                    file: "the signed payload", path: "(top level)",
                    problem: "the document is larger than \(DSSEEnvelope.documentLimit) bytes")
            ])
        let deep = Self.text(
            predicate: Self.predicate.replacingOccurrences(
                of: #""result""#, with: #""x":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + #","result""#))
        #expect(Self.problems(deep).first.map { if case .ambiguousJSON = $0 { true } else { false } } == true, "\(Self.problems(deep))")
    }

    @Test func manyTestNamesAreMappedWhole() throws {
        let names = (0..<100_000).map { "Suite.test\($0)" }
        let list = "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let text = Self.text(predicate: Self.predicate.replacingOccurrences(of: #"["A.testOne","frames/valid"]"#, with: list))
        #expect(try InTotoStatement(jsonBytes: Array(text.utf8)).predicate.passedTests == names)
    }
}

//===----------------------------------------------------------------------===//
// InTotoStatement.swift: an in-toto Statement v1 carrying the test-result predicate.
//===----------------------------------------------------------------------===//

import Foundation

/// An in-toto Statement v1 (in-toto/attestation `spec/v1/statement.md`) whose predicate is the
/// test-result v0.1 predicate: the payload the gate signs.
///
/// ```swift
/// let statement = InTotoStatement(
///     subjects: [.gitCommit(name: "repo", id: commit), .sha256(name: "report.json", hex: reportHex)],
///     result: .passed, passedTests: names, failedTests: [],
///     configuration: [.sha256(name: "acceptance-gate.json", hex: configHex)])
/// let envelope = DSSEEnvelope.sign(payload: statement.jsonBytes, payloadType: DSSEEnvelope.inTotoPayloadType, key: key)
/// ```
package struct InTotoStatement: Equatable, Sendable {
    /// The Statement's `_type`.
    package static let statementType = "https://in-toto.io/Statement/v1"
    /// The test-result predicate's type.
    package static let testResultPredicateType = "https://in-toto.io/attestation/test-result/v0.1"

    /// The artifacts attested: the git commit and `report.json`.
    package var subjects: [ResourceDescriptor]
    /// The test results.
    package var predicate: TestResultPredicate

    /// Creates a statement.
    ///
    /// - Parameters:
    ///   - subjects: the git commit (``ResourceDescriptor/gitCommit(name:id:)``) and the report
    ///     (``ResourceDescriptor/sha256(name:hex:)`` named `report.json`).
    ///   - result: the overall result.
    ///   - passedTests: names of passed tests.
    ///   - warnedTests: names of tests with warnings.
    ///   - failedTests: names of failed tests.
    ///   - configuration: the configuration file by digest.
    ///   - url: a link to the CI run, if any.
    package init(
        subjects: [ResourceDescriptor], result: TestResult, passedTests: [String], warnedTests: [String] = [],
        failedTests: [String], configuration: [ResourceDescriptor], url: String? = nil
    ) {
        self.subjects = subjects
        self.predicate = TestResultPredicate(
            result: result, configuration: configuration, url: url,
            passedTests: passedTests, warnedTests: warnedTests, failedTests: failedTests)
    }

    /// The JSON document as the gate writes it, field for field (read with the strict reader:
    /// ``init(jsonBytes:source:)``).
    private struct Document: Encodable {
        /// Always ``InTotoStatement/statementType``.
        var _type: String
        /// The subjects.
        var subject: [ResourceDescriptor]
        /// Always ``InTotoStatement/testResultPredicateType`` for what the gate writes.
        var predicateType: String
        /// The predicate.
        var predicate: TestResultPredicate
    }

    /// Compact JSON with sorted keys and unescaped slashes: the same statement always gives the
    /// same bytes.
    package var jsonBytes: [UInt8] {
        let document = Document(
            _type: Self.statementType, subject: subjects, predicateType: Self.testResultPredicateType,
            predicate: predicate)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, arrays and dictionaries of strings always encode.
        guard let data = try? encoder.encode(document) else { return [] }
        return Array(data)
    }

    /// The predicate alone, encoded as ``jsonBytes`` encodes it: what a keyless attestation
    /// (GitHub's `actions/attest`, `predicate-path`) takes beside the subject.
    package var predicateJSONBytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(predicate) else { return [] }
        return Array(data)
    }

    /// The SHA-256 hex of the subject named `name`, if there is one.
    package func sha256(ofSubject name: String) -> String? {
        subjects.first { $0.name == name }?.digest["sha256"]
    }

    /// The first git commit among the subjects, if any.
    /// Only a commit id (40 or 64 hex digits) counts: the value is printed and compared, and a
    /// signed but malformed one must not pass for a commit.
    package var gitCommit: String? {
        subjects.lazy.compactMap { $0.digest["gitCommit"] }.first.flatMap { id in
            [40, 64].contains(id.utf8.count)
                && id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
                ? id : nil
        }
    }
}

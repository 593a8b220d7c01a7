//===----------------------------------------------------------------------===//
// InTotoStatement+JSON.swift: a statement read from the strict JSON reader's values through the strict Decoder.
//===----------------------------------------------------------------------===//

import GateCore

extension InTotoStatement {
    /// Parses a statement and requires the Statement v1 `_type` and the test-result predicate type.
    /// A statement is read by `verify`, `merge` and `sign` from files anyone can hand in, so it is
    /// read once, by ``StrictJSONScanner`` (GateCore's one JSON reader: a statement with a key twice,
    /// two `report.json` digests or two `result`s, means different things to different readers),
    /// and its fields are decoded from that reader's values by the strict Decoder, each wrong one named by its key path.
    /// Unknown fields are ignored, as in-toto requires; `null` stands for a missing optional field.
    ///
    /// - Parameter source: how messages name the statement, e.g. `the signed payload of 'out/report.dsse.json'`.
    /// - Throws: ``SigningError/verificationFailed(_:)`` with ``VerificationProblem/ambiguousJSON(file:path:problem:)``
    ///   or ``VerificationProblem/notAStatement(reason:)`` (`field 'predicate.passedTests[2]' has the wrong type`).
    package init(jsonBytes: [UInt8], source: String = "the signed payload") throws(SigningError) {
        let root: JSONValue
        do throws(StrictJSONViolation) {
            root = try StrictJSONScanner.read(jsonBytes, limit: DSSEEnvelope.documentLimit)
        } catch {
            throw .verificationFailed([
                StrictJSONScanner.problem(error, in: jsonBytes, file: source, notJSON: { .notAStatement(reason: $0) })
            ])
        }
        let type = try StrictDocument.decode(TypeField.self, from: root, problem: Self.problem)._type
        guard type == Self.statementType else {
            throw .verificationFailed([.notAStatement(reason: "'_type' is '\(type)'")])
        }
        let predicateType = try StrictDocument.decode(PredicateTypeField.self, from: root, problem: Self.problem).predicateType
        guard predicateType == Self.testResultPredicateType else {
            throw .verificationFailed([.notAStatement(reason: "'predicateType' is '\(predicateType)'")])
        }
        let body = try StrictDocument.decode(Body.self, from: root, problem: Self.problem)
        self.subjects = body.subject
        self.predicate = body.predicate.value
    }

    /// How a field's problem is reported.
    private static func problem(_ reason: String) -> VerificationProblem { .notAStatement(reason: reason) }

    /// `_type`, read and checked first.
    private struct TypeField: Decodable {
        var _type: String
    }

    /// `predicateType`, read and checked second.
    private struct PredicateTypeField: Decodable {
        var predicateType: String
    }

    /// The subjects (ResourceDescriptors: a name and annotations that may be missing or `null`, a
    /// digest set) and the predicate, read once the types are known.
    private struct Body: Decodable {
        var subject: [ResourceDescriptor]
        var predicate: Predicate
    }

    /// The test-result predicate, its result checked before the rest is read.
    private struct Predicate: Decodable {
        private enum CodingKeys: String, CodingKey {
            case result, configuration, url, passedTests, warnedTests, failedTests
        }

        var value: TestResultPredicate

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard let result = TestResult(rawValue: try container.decode(String.self, forKey: .result)) else {
                throw SigningError.verificationFailed([.notAStatement(reason: "field 'predicate.result' is not PASSED, WARNED or FAILED")])
            }
            value = TestResultPredicate(
                result: result, configuration: try container.decode([ResourceDescriptor].self, forKey: .configuration),
                url: try container.decodeIfPresent(String.self, forKey: .url),
                passedTests: try container.decode([String].self, forKey: .passedTests),
                warnedTests: try container.decode([String].self, forKey: .warnedTests),
                failedTests: try container.decode([String].self, forKey: .failedTests))
        }
    }
}

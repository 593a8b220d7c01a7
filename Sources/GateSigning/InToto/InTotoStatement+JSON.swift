//===----------------------------------------------------------------------===//
// InTotoStatement+JSON.swift: a statement mapped from the strict JSON reader's values.
//===----------------------------------------------------------------------===//

import GateCore

extension InTotoStatement {
    /// Parses a statement and requires the Statement v1 `_type` and the test-result predicate type.
    /// A statement is read by `verify`, `merge` and `sign` from files anyone can hand in, so it is
    /// read once, by ``StrictJSONScanner`` (GateCore's one JSON reader: a statement with a key twice,
    /// two `report.json` digests or two `result`s, means different things to different readers),
    /// and its fields are mapped from that reader's values, each wrong one named by its key path.
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
        let fields = JSONFields(root) { .notAStatement(reason: $0) }
        let type = try fields.string("_type")
        guard type == Self.statementType else {
            throw .verificationFailed([.notAStatement(reason: "'_type' is '\(type)'")])
        }
        let predicateType = try fields.string("predicateType")
        guard predicateType == Self.testResultPredicateType else {
            throw .verificationFailed([.notAStatement(reason: "'predicateType' is '\(predicateType)'")])
        }
        var subjects: [ResourceDescriptor] = []
        for (index, entry) in try fields.array("subject").enumerated() {
            subjects.append(try Self.descriptor(entry, at: "subject[\(index)]", fields))
        }
        let predicate = try fields.object("predicate")
        let resultText = try fields.string("result", of: predicate, at: "predicate")
        guard let result = TestResult(rawValue: resultText) else {
            throw .verificationFailed([.notAStatement(reason: "field 'predicate.result' is not PASSED, WARNED or FAILED")])
        }
        var configuration: [ResourceDescriptor] = []
        for (index, entry) in try fields.array("configuration", of: predicate, at: "predicate").enumerated() {
            configuration.append(try Self.descriptor(entry, at: "predicate.configuration[\(index)]", fields))
        }
        self.subjects = subjects
        self.predicate = TestResultPredicate(
            result: result, configuration: configuration,
            url: try fields.optionalString("url", of: predicate, at: "predicate", nullIsMissing: true),
            passedTests: try fields.strings("passedTests", of: predicate, at: "predicate"),
            warnedTests: try fields.strings("warnedTests", of: predicate, at: "predicate"),
            failedTests: try fields.strings("failedTests", of: predicate, at: "predicate"))
    }

    /// The ResourceDescriptor `entry`, at `path`: a name (optional), a digest set, annotations (optional).
    private static func descriptor(_ entry: JSONValue, at path: String, _ fields: JSONFields) throws(SigningError)
        -> ResourceDescriptor
    {
        ResourceDescriptor(
            name: try fields.optionalString("name", of: entry, at: path, nullIsMissing: true),
            digest: try fields.stringMap("digest", of: entry, at: path),
            annotations: try fields.optionalStringMap("annotations", of: entry, at: path))
    }
}

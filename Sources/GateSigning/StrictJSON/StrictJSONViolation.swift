//===----------------------------------------------------------------------===//
// StrictJSONViolation.swift: where a document stops being JSON every reader reads the same.
//===----------------------------------------------------------------------===//

/// Why ``StrictJSONScanner`` refused a document: the key path where it happened (`(top level)`,
/// `signatures[0].sig`) and what is wrong there, for a ``VerificationProblem`` that names the file.
struct StrictJSONViolation: Error, Equatable, Sendable {
    /// The key path: `(top level)`, `predicate.passedTests[3]`, `logs[0]["odd key"]`.
    var path: String
    /// What is wrong, e.g. `the key 'sig' appears twice in one object`.
    var problem: String
    /// Whether this is something JSON readers disagree on (a duplicate key, invalid UTF-8,
    /// trailing bytes …), as opposed to plain bad syntax that every reader refuses. Callers
    /// report an ambiguity as such, and let their decoder word a plain syntax error; either way
    /// the document is refused.
    var isAmbiguity: Bool

    /// Creates a violation.
    init(path: String, problem: String, isAmbiguity: Bool) {
        self.path = path
        self.problem = problem
        self.isAmbiguity = isAmbiguity
    }
}

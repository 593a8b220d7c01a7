//===----------------------------------------------------------------------===//
// ReportProblem.swift: one typed problem a stage found.
//===----------------------------------------------------------------------===//

/// One problem a stage found: what kind (whose fault), a stable code, what it is about, and one
/// sentence for people. The verdict, the exit code, `reasons`, the JUnit file, the annotations and
/// the signed predicate are all derived from the report's list of these (``ReportDecision``).
package struct ReportProblem: Codable, Equatable, Hashable, Sendable {
    /// Whose fault it is; always ``ReportProblemCode/kind`` of ``code``.
    package var kind: ReportProblemKind
    /// What went wrong, as a stable identifier.
    package var code: ReportProblemCode
    /// What it is about.
    package var subject: ReportSubject
    /// One line for people, e.g. `suite 'unit': 2 test(s) failed: C.a, C.b`.
    package var sentence: String
    /// For ``ReportProblemCode/interrupted``: the signal number that stopped the run.
    package var signal: Int?

    /// Creates a problem; its kind follows from `code`.
    package init(_ code: ReportProblemCode, subject: ReportSubject, _ sentence: String, signal: Int? = nil) {
        self.kind = code.kind
        self.code = code
        self.subject = subject
        self.sentence = sentence
        self.signal = signal
    }
}

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
    /// What the stage adds for people, not yet in ``sentence``; ``rendered`` puts it there. Not
    /// part of the report's JSON: a settled report's problems have none.
    package var hints: [ReportProblemHint] = []

    private enum CodingKeys: String, CodingKey {
        case kind, code, subject, sentence, signal
    }

    /// Creates a problem; its kind follows from `code`.
    package init(_ code: ReportProblemCode, subject: ReportSubject, _ sentence: String, signal: Int? = nil) {
        self.kind = code.kind
        self.code = code
        self.subject = subject
        self.sentence = sentence
        self.signal = signal
    }

    /// The problem with its ``hints`` written into its sentence, in the order they were added.
    package var rendered: ReportProblem {
        var problem = self
        problem.sentence += hints.map(\.text).joined()
        problem.hints = []
        return problem
    }
}

//===----------------------------------------------------------------------===//
// ReportProblem.swift: one typed problem a stage found.
//===----------------------------------------------------------------------===//

/// One problem a stage found: what kind (whose fault), a stable code, what it is about, and what
/// it says of that. The verdict, the exit code, `reasons`, the JUnit file, the annotations and the
/// signed predicate are all derived from the report's list of these (``ReportDecision``).
///
/// The sentence is rendered from the subject and the claim, once: a problem about a suite or one
/// of its tests opens with the suite (``ReportSubject/opening``), and the suite's own `reasons`
/// list the claims alone, so no sentence is written with its suite and then cut back.
package struct ReportProblem: Codable, Hashable, Sendable {
    /// Whose fault it is; always ``ReportProblemCode/kind`` of ``code``.
    package var kind: ReportProblemKind
    /// What went wrong, as a stable identifier.
    package var code: ReportProblemCode
    /// What it is about.
    package var subject: ReportSubject
    /// What it says of its subject, e.g. `2 test(s) failed: C.a, C.b`: a suite's `reasons` list
    /// these. For a problem read back from a report, its whole sentence.
    package var claim: String
    /// Whether ``sentence`` opens with the subject: true for a problem made from a claim, false for
    /// one written whole, read back, or rewritten (its claim is then all of it).
    private var opensWithSubject: Bool
    /// For ``ReportProblemCode/interrupted``: the signal number that stopped the run.
    package var signal: Int?
    /// What the stage adds for people, not yet in ``claim``; ``rendered`` puts it there. Not
    /// part of the report's JSON: a settled report's problems have none.
    package var hints: [ReportProblemHint] = []

    private enum CodingKeys: String, CodingKey {
        case kind, code, subject, sentence, signal
    }

    /// Creates a problem whose `sentence` is written whole; its kind follows from `code`.
    package init(_ code: ReportProblemCode, subject: ReportSubject, _ sentence: String, signal: Int? = nil) {
        self.kind = code.kind
        self.code = code
        self.subject = subject
        self.claim = sentence
        self.opensWithSubject = false
        self.signal = signal
    }

    /// Creates a problem saying `claim` of `subject`: its sentence opens with the subject when it
    /// is a suite or a test (`suite 'unit': it ran zero tests`); its kind follows from `code`.
    package init(_ code: ReportProblemCode, subject: ReportSubject, claim: String) {
        self.init(code, subject: subject, claim)
        opensWithSubject = true
    }

    /// One line for people, e.g. `suite 'unit': 2 test(s) failed: C.a, C.b`: the subject's
    /// opening, then the claim. Setting it replaces the whole line (a redacted copy, a prefix).
    package var sentence: String {
        get { opensWithSubject ? subject.opening.map { "\($0): \(claim)" } ?? claim : claim }
        set {
            claim = newValue
            opensWithSubject = false
        }
    }

    /// The problem with its ``hints`` written into its claim, in the order they were added.
    package var rendered: ReportProblem {
        var problem = self
        problem.claim += hints.map(\.text).joined()
        problem.hints = []
        return problem
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(ReportProblemKind.self, forKey: .kind)
        code = try container.decode(ReportProblemCode.self, forKey: .code)
        subject = try container.decode(ReportSubject.self, forKey: .subject)
        claim = try container.decode(String.self, forKey: .sentence)
        opensWithSubject = false
        signal = try container.decodeIfPresent(Int.self, forKey: .signal)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(code, forKey: .code)
        try container.encode(subject, forKey: .subject)
        try container.encode(sentence, forKey: .sentence)
        try container.encodeIfPresent(signal, forKey: .signal)
    }

    /// Two problems are the same when they say the same thing of the same subject, however their
    /// sentence was put together.
    package static func == (lhs: ReportProblem, rhs: ReportProblem) -> Bool {
        lhs.kind == rhs.kind && lhs.code == rhs.code && lhs.subject == rhs.subject && lhs.sentence == rhs.sentence
            && lhs.signal == rhs.signal && lhs.hints == rhs.hints
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(code)
        hasher.combine(subject)
        hasher.combine(sentence)
        hasher.combine(signal)
        hasher.combine(hints)
    }
}

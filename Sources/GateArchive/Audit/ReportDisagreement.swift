//===----------------------------------------------------------------------===//
// ReportDisagreement.swift: one place where a report says what its own facts do not.
//===----------------------------------------------------------------------===//

/// One field of `report.json` that does not follow from the folder: what the report says there,
/// what the folder gives instead, and where that comes from (``ReportAudit``).
package struct ReportDisagreement: Equatable, Sendable, CustomStringConvertible {
    /// The field, as a path into `report.json` (`verdict`, `suites[0].tests`).
    package var field: String
    /// What the report says.
    package var reported: String
    /// What the folder gives.
    package var derived: String
    /// Where the derived value comes from (`its problems`, `logs/unit.log read again`).
    package var source: String
    /// The sentence, when the general one does not read well for this disagreement.
    private var sentence: String?

    /// Creates a disagreement.
    package init(field: String, reported: String, derived: String, source: String) {
        self.field = field
        self.reported = reported
        self.derived = derived
        self.source = source
    }

    /// An `accepted` verdict beside a fact that forbids it: `fact` is the field, `value` what it holds.
    static func forbidden(by fact: String, _ value: String) -> ReportDisagreement {
        var disagreement = ReportDisagreement(field: "verdict", reported: "'accepted'", derived: "not 'accepted'", source: fact)
        disagreement.sentence = "report.json's verdict is 'accepted', but its \(fact) is \(value)"
        return disagreement
    }

    /// A problem the folder gives that the report does not list.
    static func missingProblem(_ code: String, suite: String, source: String, sentence: String) -> ReportDisagreement {
        var disagreement = ReportDisagreement(
            field: "problems", reported: "no '\(code)' problem for suite '\(suite)'", derived: sentence, source: source)
        disagreement.sentence =
            "report.json's problems have no '\(code)' problem for suite '\(suite)', but \(source) gives one: \(sentence)"
        return disagreement
    }

    /// One line naming the field and both values.
    package var description: String {
        sentence ?? "report.json's \(field) is \(reported), but \(source) gives \(derived)"
    }
}

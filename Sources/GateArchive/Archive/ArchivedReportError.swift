//===----------------------------------------------------------------------===//
// ArchivedReportError.swift: why an archived out folder is not trusted.
//===----------------------------------------------------------------------===//

import GateCore
import GateSigning

/// Why an archived out folder is not trusted: it did not verify, or what was signed is not a
/// gate report.
package enum ArchivedReportError: Error, Equatable, CustomStringConvertible {
    /// The envelope, `report.json` or a listed log did not verify; one problem per finding.
    case unverified([VerificationProblem])
    /// The signed `report.json` does not decode as a gate report.
    case notAReport(String)
    /// What the signed `report.json` says does not follow from what the folder holds.
    case contradicted([ReportDisagreement])
    /// The folder holds a file the run did not write, which the signature does not cover.
    case unexpectedFile(String)

    /// One line per problem, for the commands that print them all.
    package var lines: [String] {
        switch self {
        case .unverified(let problems): problems.map(\.description)
        case .notAReport(let reason): ["the signed report.json is not an acceptance report: \(reason)"]
        case .contradicted(let found): found.map { "the signed report does not follow from its folder: \($0.description)" }
        case .unexpectedFile(let name):
            [
                "the folder holds \(name), which the run did not write and the signature does not cover; remove it, or verify the folder as archived"
            ]
        }
    }

    /// The first problem, and how many more there are.
    package var description: String {
        let all = lines
        let more = all.count > 1 ? " (and \(all.count - 1) more problem\(all.count == 2 ? "" : "s"))" : ""
        return (all.first ?? "it did not verify") + more
    }
}

extension ArchivedReportError: GateFailure {
    /// Exit 1, as `verify` ends for evidence that does not hold.
    package var exitStatus: GateExitStatus { .failure }
}

//===----------------------------------------------------------------------===//
// BulkVerification.swift: every archived out folder under some paths, verified and judged.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import GateSigning

/// Bulk `verify`: every archived out folder in or below the paths (an envelope file stands for
/// itself), verified concurrently (``ArchiveBatch``) and judged by the requirements, one line each
/// in the order found. The command line prints it; what passes is decided here.
package struct BulkVerification: Sendable {
    /// One report's outcome.
    package enum Line: Equatable, Sendable {
        /// The envelope did not verify (or the folder holds no envelope): `reason` says why.
        case unverified(shown: String, reason: String)
        /// The report verified; `unmet` lists the requirements it does not meet.
        case verified(shown: String, report: VerifiedReport, unmet: [UnmetRequirement])
    }

    /// Every report found, in the order found.
    package var lines: [Line]
    /// The paths given that hold no archived report.
    package var emptyPaths: [String]

    /// How many reports verified, by signed verdict.
    package var counts: [ReportVerdict: Int] {
        var counts: [ReportVerdict: Int] = [:]
        for case .verified(_, let report, _) in lines { counts[report.verdict, default: 0] += 1 }
        return counts
    }

    /// How many reports verified (whether or not they met the requirements).
    package var verified: Int {
        lines.filter { if case .verified = $0 { true } else { false } }.count
    }

    /// Whether it passes: at least one report, every path held one, and every report verified and
    /// met every requirement (a folder that held no report is not "all verified").
    package var passed: Bool {
        !lines.isEmpty && emptyPaths.isEmpty
            && lines.allSatisfy { if case .verified(_, _, let unmet) = $0 { unmet.isEmpty } else { false } }
    }

    /// Finds, verifies and judges every archived report under `paths`.
    package static func verify(paths: [String], publicKey: PublicKey, requirements: VerifyRequirements) -> BulkVerification {
        var envelopes: [(path: String, shown: String)] = []
        var emptyPaths: [String] = []
        for path in paths {
            guard ArchiveFinder.isDirectory(path) else {
                envelopes.append((path, path))
                continue
            }
            let found = ArchiveFinder.outFolders(under: path)
            if found.isEmpty { emptyPaths.append(path) }
            envelopes += found.map { (ArchivedReport.envelope(in: $0), $0) }
        }
        let outcomes = ArchiveBatch.verify(envelopes: envelopes.map(\.path), publicKey: publicKey) { VerifiedReport($0) }
        let lines = zip(envelopes, outcomes).map { envelope, outcome -> Line in
            switch outcome {
            case .failure(let error):
                // A folder found by its report or marker alone holds an unsigned (or stripped) report.
                let reason =
                    FileManager.default.fileExists(atPath: envelope.path)
                    ? error.description
                    : "an unsigned report (no report.dsse.json); run the gate with a key (--key FILE or "
                        + "$ACCEPTANCE_GATE_SIGNING_KEY, see 'acceptance-gate keygen')"
                return .unverified(shown: envelope.shown, reason: reason)
            case .success(let report):
                return .verified(shown: envelope.shown, report: report, unmet: requirements.unmet(by: report))
            }
        }
        return BulkVerification(lines: lines, emptyPaths: emptyPaths)
    }
}

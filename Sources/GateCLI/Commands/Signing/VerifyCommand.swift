//===----------------------------------------------------------------------===//
// VerifyCommand.swift: `acceptance-gate verify ENVELOPE|DIR... --pubkey FILE [--dir DIR] [--require-…]`.
//===----------------------------------------------------------------------===//

import Foundation
import GateArchive
import GateCore
import GateReport
import GateSigning

/// `verify`: checks a signed report: the DSSE envelope's Ed25519 signature by the given public
/// key, `report.json` against the signed SHA-256, and every log the report lists; then prints the
/// verdict, commit and problem count it verified. Given folders (or more than one argument), it
/// verifies every archived out folder in them, one line each, and a summary.
///
/// Exits 0 valid (and accepted, with `--require-accepted`; for the commit, with
/// `--require-commit`); 1 invalid or not what was required (one line per problem on standard
/// error); 2 usage, including a public key file that cannot be read or is not an Ed25519 key.
package enum VerifyCommand: GateCommand {
    /// `ENVELOPE|DIR...`: the envelope file, or folders of archived out folders.
    package static let envelope = PositionalSpec(
        "envelope", isRepeatable: true,
        help: "The signed envelope, e.g. .acceptance-gate/report.dsse.json; or folders holding archived out folders, to verify them all.")

    /// `--pubkey FILE`: the signer's public key.
    package static let pubkey = KeyOptions.pubkey(
        help: "The signer's public key, PEM 'PUBLIC KEY' (the .pub from keygen, or 'openssl pkey -pubout').")

    /// `--dir DIR`: the report folder.
    package static let dir = OptionSpec.value(
        "dir", kind: .text, valueName: "dir",
        help: "The folder holding report.json and logs/; the envelope's folder by default.")

    /// `verify`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "verify", abstract: "Verify a signed report and every log it lists.",
            discussion: "Checks that the DSSE envelope is signed by the given Ed25519 public key (over the DSSE v1 "
                + "pre-authentication encoding), that its payload is an in-toto Statement with the test-result "
                + "predicate, that report.json in the folder has the SHA-256 the statement signed, and that every "
                + "log in the report's logs[] (paths relative to the folder, never outside it) has its recorded "
                + "SHA-256. Prints 'verified: <verdict> at <commit> (<n> problems)' and the details, and exits 0 "
                + "(with --require-accepted only when the signed verdict is accepted; with --require-commit only for "
                + "that commit); otherwise prints one line per problem and exits 1. Not signed, so not verified: "
                + "junit.xml, summary.md and report.html (render them again from the verified report.json with "
                + "'report render'). The report must also follow from its folder: its verdict from its problems and "
                + "facts, and every xctest suite's log parsed again must give its tests; and the folder must hold only "
                + "what the run wrote (any other file is named and refused). --require-keyid HEX pins the key. A public "
                + "key that cannot be read is exit 2. Given a folder (or several arguments), verifies every archived out "
                + "folder (one holding report.dsse.json) in or below each, never following links, and prints one line per "
                + "report, '<verdict> <commit12> <shard or -> <finishedAt or -> <folder>' or 'unverified <folder>: <problem>', "
                + "then 'verified N of M reports: A accepted, R rejected, E error, X aborted'; exit 0 only when all verify "
                + "(and, with --require-accepted, all are accepted; with --require-commit, all are for that commit). "
                + "--require-config SHA256 (or --require-config-file FILE holding it) exits 1 unless the run used that "
                + "configuration, so a change that edited acceptance-gate.json cannot pass as judged by yours.",
            options: [pubkey, dir] + VerifyRequirements.options, positionals: [envelope])
    }

    /// Loads the key and verifies.
    ///
    /// - Returns: ``GateExitStatus/success`` when valid (and as required); ``GateExitStatus/failure`` with the
    ///   problems printed.
    /// - Throws: usage errors (exit 2), a public key that cannot be loaded among them.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let options = try VerifyOptions(arguments)
        if options.isBulk {
            return bulk(options, console: context.console)
        }
        return single(options, console: context.console)
    }

    /// One envelope: the verdict and the details on standard output, every problem and every
    /// unmet requirement on standard error.
    private static func single(_ options: VerifyOptions, console: Console) -> GateExitStatus {
        let envelopePath = options.paths.first ?? ""
        let archive: ArchivedReport
        do {
            archive = try ArchivedReport.load(envelopeAt: envelopePath, directory: options.directory, publicKey: options.publicKey)
        } catch {
            for problem in error.lines {
                console.writeProblem(problem)
            }
            if (envelopePath as NSString).lastPathComponent == "report.json" {
                console.writeProblem(
                    "'\(envelopePath)' is the report, not its signature: pass the report.dsse.json beside it, or its folder")
            }
            return .failure
        }
        let result = archive.verification
        let report = archive.report
        let count = report.problems.isEmpty ? report.reasons.count : report.problems.count
        let shard = report.shard.map { ", shard \($0)" } ?? ""
        let warnings = report.warnings
        let warned = warnings.isEmpty ? "" : ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
        // The shard name and the summary come from signed bytes, but one line each they must stay.
        console.output.writeLine(
            Diagnostic.printable(
                "verified: \(report.verdictText) at \(result.commit.prefix(12))\(shard) (\(count) problem\(count == 1 ? "" : "s")\(warned))"
            ))
        for warning in warnings.prefix(10) {
            console.output.writeLine(Diagnostic.printable("  warning: \(warning.sentence)"))
        }
        console.output.writeLine(Diagnostic.printable("  " + String(result.summary.dropFirst("verified: ".count))))
        if let config = report.config {
            console.output.writeLine(Diagnostic.printable("  configuration \(config.path), sha256 \(config.sha256.prefix(12))"))
            if let changed = config.changedFromBase {
                let base = config.base.map { " (compared with \($0))" } ?? ""
                console.output.writeLine(
                    Diagnostic.printable(
                        changed
                            ? "  changedFromBase: true\(base): the change edits the configuration it was judged by; review it"
                            : "  changedFromBase: false\(base)"))
            }
        }
        if let signature = report.signature, signature.method != nil {
            console.output.writeLine(Diagnostic.printable("  " + signature.provenance))
            if let pipeline = signature.pipeline {
                console.output.writeLine(Diagnostic.printable("  " + pipeline.summary))
            }
        }
        if let commit = report.commit, commit.dirty {
            console.output.writeLine(
                "  note: the work tree was dirty (\(commit.changedPaths.count) changed path(s)), so this is not the commit's own result")
        }
        let unmet = options.requirements.unmet(by: VerifiedReport(archive))
        for requirement in unmet {
            console.writeProblem(requirement.message)
        }
        return unmet.isEmpty ? .success : .failure
    }

    /// Bulk mode: every out folder under the paths (``BulkVerification``), one line each in the
    /// order found, then the summary.
    private static func bulk(_ options: VerifyOptions, console: Console) -> GateExitStatus {
        let bulk = BulkVerification.verify(paths: options.paths, publicKey: options.publicKey, requirements: options.requirements)
        for path in bulk.emptyPaths {
            console.writeProblem(
                "no archived report (a folder with report.dsse.json) in or below '\(path)'; name the folders "
                    + "the gate's out folders were archived to")
        }
        for line in bulk.lines {
            switch line {
            case let .unverified(shown, reason):
                console.output.writeLine(Diagnostic.printable("unverified \(shown): \(reason)"))
            case let .verified(shown, report, unmet):
                let notes = unmet.map(\.note)
                let suffix = notes.isEmpty ? "" : ": " + notes.joined(separator: ", ")
                // The shard and time come from a signed report, but one line each they must stay.
                console.output.writeLine(
                    Diagnostic.printable(
                        "\(report.verdict.rawValue) \(report.commit.prefix(12)) \(report.shard ?? "-") \(report.time ?? "-") \(shown)\(suffix)"
                    ))
            }
        }
        let counts = bulk.counts
        let tally = ReportVerdict.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        console.output.writeLine("verified \(bulk.verified) of \(bulk.lines.count) reports: \(tally)")
        return bulk.passed ? .success : .failure
    }
}

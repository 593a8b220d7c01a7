//===----------------------------------------------------------------------===//
// SignCommand.swift: `acceptance-gate sign DIR [--key FILE] [--require-commit SHA]`.
//===----------------------------------------------------------------------===//

import Gate
import GateArchive
import GateCore
import GatePublishing
import GateReport
import GateSigning

/// `sign`: signs the out folder a key-less `run` left, in a CI job of its own that runs no code
/// from the change. It checks the folder as `verify` checks a signed one (`report.json` against
/// the run's statement, every listed log by size and SHA-256), scans every file in it again (a
/// leak makes the signed verdict `rejected`), checks the commit when asked, then writes the
/// report with how and where it was signed, and `report.dsse.json`.
///
/// Exits with the signed verdict's code (0 accepted, 1 rejected, 3 error); 1 when a file does not
/// match what the run recorded or the report is for another commit (than `--require-commit` or
/// `--head`); 2 usage (a key that cannot be read, a folder that is no run's or is already signed,
/// `--repo` without `--base` and `--head`); 3 when the report is aborted or incomplete, the folder
/// cannot be written, or `--repo` or a commit in it cannot be read. A refused folder is left as it was.
package enum SignCommand: GateCommand {
    /// `DIR`: the out folder.
    package static let directory = PositionalSpec(
        "dir", help: "The out folder a run without a key wrote (report.json, report.intoto.json, logs/), as the test job uploaded it.")

    /// `--key FILE`.
    package static let key = KeyOptions.key(
        help: "The Ed25519 private key (PEM); by default the PEM text in $ACCEPTANCE_GATE_SIGNING_KEY.")

    /// `--require-commit SHA`.
    package static let requireCommit = PinnedPolicy.requireCommit(
        help: "Refuse (exit 1) a report that is not for this commit from a clean work tree (full id, e.g. $GITHUB_SHA).")

    /// `--require-isolation`.
    package static let requireIsolation = OptionSpec.flag(
        "require-isolation",
        help: "Refuse (exit 1) a report whose suites did not run apart from the gate: no isolation record, or 'none' "
            + "(verify --require-isolation asks the same of a signed one).")

    /// `--test-result RESULT`: how the CI says the test job ended.
    package static let testResult = OptionSpec.value(
        "test-result", kind: .choice(FolderSigning.testResults), valueName: "result",
        help: "How the CI says the test job ended, e.g. ${{ needs.test.result }}: an 'accepted' report from a job "
            + "that did not succeed is refused (exit 1).")

    /// `sign`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "sign", abstract: "Sign a finished out folder in a job that runs no code from the change.",
            discussion: "Checks the folder as 'verify' checks a signed one: report.json against the SHA-256 in the "
                + "run's report.intoto.json, and every log the report lists by size and SHA-256. Scans every file in "
                + "the folder again for token-like strings and for the signing key (a finding makes the signed verdict "
                + "'rejected'), checks --require-commit and --require-isolation, then writes report.json again with how and where it was "
                + "signed (the CI job of the tests and of the signing), renders junit.xml, summary.md and report.html "
                + "again when the folder has them, and writes report.dsse.json. Refuses, writing nothing, a folder whose "
                + "files changed or cannot be read whole (a link or a FIFO in it), an aborted or incomplete report, a "
                + "signed one, or one of another commit. Before it signs, it re-derives the verdict from the folder (the "
                + "report's problems and facts, every xctest log parsed again) and refuses a report that says what its "
                + "folder does not, a 'shards' section (only merge writes one), a file the run did not write, and, with "
                + "--test-result, an 'accepted' report from a test job that did not succeed. With --repo, --base and --head it "
                + "records where the folder came from as the signing side sees it (event, workflow, head and base, and the "
                + "pipeline files the change edits, from a tree diff of the repository read as data), and marks a verdict whose "
                + "pipeline the change defined, which 'verify --require-protected-pipeline' refuses. "
                + "Exit: the signed verdict's code (0 accepted, 1 rejected, "
                + "3 error); 1 changed files or another commit; 2 usage; 3 an aborted or incomplete report.",
            options: [key, requireCommit, requireIsolation, testResult] + SignProvenanceOptions.options, positionals: [directory])
    }

    /// Loads the key, signs, and prints what was signed and the verdict.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let signing = try FolderSigning(arguments, environment: context.environment)
        let outcome: RunOutcome
        do {
            outcome = try signing.execute()
        } catch {
            // The summary (the first line) comes last, from the error itself; the other problems before it.
            for line in error.lines.dropFirst() {
                context.console.writeErrorLine(Diagnostic.printable(line))
            }
            throw CommandLineError(error)
        }
        let report = outcome.report
        for reason in report.reasons.prefix(10) {
            context.console.writeProblem(reason)
        }
        // The folder as given, not as FolderSigning normalised it: the line names what was typed.
        let folder = arguments.values(of: directory).first ?? ""
        context.console.output.writeLine("signed: \(folder)/report.dsse.json, keyid \(signing.key.publicKey.keyID)")
        if let signature = report.signature {
            context.console.output.writeLine(Diagnostic.printable("  " + signature.provenance))
            if let pipeline = signature.pipeline {
                context.console.output.writeLine(Diagnostic.printable("  " + pipeline.summary))
            }
        }
        let commit = report.commit.map { " at \($0.id.prefix(12))" } ?? ""
        let warnings = report.warnings
        let summary =
            report.reasons.first ?? (warnings.isEmpty ? "every check passed" : ReportWarning.summary(warnings))
        context.console.output.writeLine(Diagnostic.printable("\(report.verdictText)\(commit): \(summary)"))
        return GateExitStatus(outcome: outcome.exitCode)
    }
}

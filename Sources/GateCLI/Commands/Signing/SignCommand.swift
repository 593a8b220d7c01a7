//===----------------------------------------------------------------------===//
// SignCommand.swift: `acceptance-gate sign DIR [--key FILE] [--require-commit SHA]`.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateArchive
import GateReport
import GateSigning

/// `sign`: signs the out folder a key-less `run` left, in a CI job of its own that runs no code
/// from the change. It checks the folder as `verify` checks a signed one (`report.json` against
/// the run's statement, every listed log by size and SHA-256), scans every file in it again (a
/// leak makes the signed verdict `rejected`), checks the commit when asked, then writes the
/// report with how and where it was signed, and `report.dsse.json`.
///
/// Exits with the signed verdict's code (0 accepted, 1 rejected, 3 error); 1 when a file does not
/// match what the run recorded or the report is for another commit; 2 usage (a key that cannot be
/// read, a folder that is no run's or is already signed); 3 when the report is aborted or
/// incomplete, or the folder cannot be written. A refused folder is left as it was.
package enum SignCommand: GateCommand {
    /// The environment variable the private key may come from, as for `run` and `merge`.
    package static let keyEnvironmentVariable = MergeCommand.keyEnvironmentVariable

    /// `DIR`: the out folder.
    package static let directory = PositionalSpec(
        "dir", help: "The out folder a run without a key wrote (report.json, report.intoto.json, logs/), as the test job uploaded it.")

    /// `--key FILE`.
    package static let key = OptionSpec.value(
        "key", kind: .text, valueName: "file",
        help: "The Ed25519 private key (PEM); by default the PEM text in $ACCEPTANCE_GATE_SIGNING_KEY.")

    /// `--require-commit SHA`.
    package static let requireCommit = OptionSpec.value(
        "require-commit", kind: .text, valueName: "sha",
        help: "Refuse (exit 1) a report that is not for this commit from a clean work tree (full id, e.g. $GITHUB_SHA).")

    /// `sign`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "sign", abstract: "Sign a finished out folder in a job that runs no code from the change.",
            discussion: "Checks the folder as 'verify' checks a signed one: report.json against the SHA-256 in the "
                + "run's report.intoto.json, and every log the report lists by size and SHA-256. Scans every file in "
                + "the folder again for token-like strings and for the signing key (a finding makes the signed verdict "
                + "'rejected'), checks --require-commit, then writes report.json again with how and where it was "
                + "signed (the CI job of the tests and of the signing), renders junit.xml, summary.md and report.html "
                + "again when the folder has them, and writes report.dsse.json. Refuses, writing nothing, a folder whose "
                + "files changed or cannot be read whole (a link or a FIFO in it), an aborted or incomplete report, a "
                + "signed one, or one of another commit. Exit: the signed verdict's code (0 accepted, 1 rejected, "
                + "3 error); 1 changed files or another commit; 2 usage; 3 an aborted or incomplete report.",
            options: [key, requireCommit], positionals: [directory])
    }

    /// Loads the key, signs, and prints what was signed and the verdict.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        let folder = arguments.values(of: directory).first ?? ""
        if let wanted = arguments.text(requireCommit), !VerifyCommand.isFullCommitID(wanted) {
            throw .invalidValue(
                option: "--require-commit", value: wanted,
                allowed: "the full commit id: 40 hex digits (64 in a SHA-256 repository), e.g. $GITHUB_SHA", command: context.commandPath)
        }
        let signingKey: SigningKey
        do {
            let loaded: SigningKey?
            if let file = arguments.text(key) {
                loaded = try SigningKey.load(pemFile: file)
            } else {
                loaded = try SigningKey.load(environmentVariable: keyEnvironmentVariable, environment: context.environment)
            }
            guard let loaded else {
                context.console.writeErrorLine(
                    Diagnostic(
                        text: "no signing key: pass --key FILE or put the PEM in $\(keyEnvironmentVariable) (see 'acceptance-gate keygen')",
                        exitCode: .usage
                    ).line)
                return .usage
            }
            signingKey = loaded
        } catch {
            context.console.writeErrorLine(Diagnostic(text: error.description, exitCode: .usage).line)
            return .usage
        }
        guard ArchiveFinder.isDirectory(folder) else {
            context.console.writeErrorLine(
                Diagnostic(text: "'\(folder)' is not a folder; pass the out folder the test job uploaded", exitCode: .usage).line)
            return .usage
        }
        let outcome: RunOutcome
        do {
            outcome = try FolderSigning(
                folder: folder, key: signingKey, requiredCommit: arguments.text(requireCommit), environment: context.environment
            ).execute()
        } catch {
            let lines = error.lines
            for line in lines.dropLast() {
                context.console.writeErrorLine(Diagnostic.printable(line))
            }
            throw CommandLineError(error)
        }
        let report = outcome.report
        for reason in report.reasons.prefix(10) {
            context.console.writeErrorLine(Diagnostic(text: reason, exitCode: .failure).line)
        }
        context.console.output.writeLine("signed: \(folder)/report.dsse.json, keyid \(signingKey.publicKey.keyID)")
        if let signature = report.signature {
            context.console.output.writeLine(Diagnostic.printable("  " + signature.provenance))
        }
        let commit = report.commit.map { " at \($0.id.prefix(12))" } ?? ""
        context.console.output.writeLine(
            Diagnostic.printable("\(report.verdict.rawValue)\(commit): \(report.reasons.first ?? "every check passed")"))
        switch outcome.exitCode {
        case 0: return .success
        case 1: return .failure
        default: return .infrastructure
        }
    }
}

//===----------------------------------------------------------------------===//
// VerifyCommand.swift: `acceptance-gate verify ENVELOPE --pubkey FILE [--dir DIR] [--require-…]`.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import GateSigning

/// `verify`: checks a signed report: the DSSE envelope's Ed25519 signature by the given public
/// key, `report.json` against the signed SHA-256, and every log the report lists; then prints the
/// verdict, commit and problem count it verified.
///
/// Exits 0 valid (and accepted, with `--require-accepted`; for the commit, with
/// `--require-commit`); 1 invalid or not what was required (one line per problem on standard
/// error); 2 usage, including a public key file that cannot be read or is not an Ed25519 key.
package enum VerifyCommand: GateCommand {
    /// `ENVELOPE`: the envelope file.
    package static let envelope = PositionalSpec("envelope", help: "The signed envelope, e.g. .acceptance-gate/report.dsse.json.")

    /// `--pubkey FILE`: the signer's public key.
    package static let pubkey = OptionSpec.value(
        "pubkey", kind: .text, valueName: "file", isRequired: true,
        help: "The signer's public key, PEM 'PUBLIC KEY' (the .pub from keygen, or 'openssl pkey -pubout').")

    /// `--dir DIR`: the report folder.
    package static let dir = OptionSpec.value(
        "dir", kind: .text, valueName: "dir",
        help: "The folder holding report.json and logs/; the envelope's folder by default.")

    /// `--require-accepted`.
    package static let requireAccepted = OptionSpec.flag(
        "require-accepted", help: "Exit 1 unless the signed verdict is 'accepted' (a validly signed rejection is still a no).")

    /// `--require-commit SHA`.
    package static let requireCommit = OptionSpec.value(
        "require-commit", kind: .text, valueName: "sha",
        help: "Exit 1 unless the signed commit is this one (the full 40 hex digits, or a prefix of at least 7).")

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
                + "'report render'), and any file in logs/ that the report does not list (each is named). A public "
                + "key that cannot be read is exit 2.",
            options: [pubkey, dir, requireAccepted, requireCommit], positionals: [envelope])
    }

    /// Loads the key and verifies.
    ///
    /// - Returns: ``ExitCode/success`` when valid (and as required); ``ExitCode/failure`` with the
    ///   problems printed; ``ExitCode/usage`` when the public key cannot be loaded.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        let envelopePath = arguments.values(of: envelope).first ?? ""
        let publicKey: PublicKey
        do {
            publicKey = try PublicKey.load(pemFile: arguments.text(pubkey) ?? "")
        } catch {
            context.console.writeErrorLine(Diagnostic(text: error.description, exitCode: .usage).line)
            return .usage
        }
        if let wanted = arguments.text(requireCommit), !isCommitPrefix(wanted) {
            throw .invalidValue(
                option: "--require-commit", value: wanted, allowed: "a commit id: 7 to 40 hex digits", command: CommandPath(["verify"]))
        }
        let result: VerificationResult
        do {
            result = try EnvelopeVerifier.verify(envelopeAt: envelopePath, publicKey: publicKey, directory: arguments.text(dir))
        } catch {
            let problems: [String]
            if case .verificationFailed(let found) = error {
                problems = found.map(\.description)
            } else {
                problems = [error.description]
            }
            for problem in problems {
                context.console.writeErrorLine(Diagnostic(text: problem, exitCode: .failure).line)
            }
            return .failure
        }
        // The bytes whose digest was just verified: what is read is exactly what was signed.
        let report: GateReport
        do {
            report = try GateReport.decode(result.reportBytes, source: "report.json")
        } catch {
            context.console.writeErrorLine(
                Diagnostic(text: "the signed report.json is not an acceptance report: \(error.description)", exitCode: .failure).line)
            return .failure
        }
        let count = report.problems.isEmpty ? report.reasons.count : report.problems.count
        let shard = report.shard.map { ", shard \($0)" } ?? ""
        context.console.output.writeLine(
            "verified: \(report.verdict.rawValue) at \(result.commit.prefix(12))\(shard) (\(count) problem\(count == 1 ? "" : "s"))")
        context.console.output.writeLine("  " + String(result.summary.dropFirst("verified: ".count)))
        let folder = arguments.text(dir) ?? (envelopePath as NSString).deletingLastPathComponent
        for extra in unlistedLogs(in: folder, listed: result.logPaths) {
            context.console.output.writeLine("  note: \(extra) is in logs/ but not listed in the report, so it was not verified")
        }
        var code = ExitCode.success
        if arguments.flag(requireAccepted), report.verdict != .accepted {
            context.console.writeErrorLine(
                Diagnostic(text: "the signed verdict is '\(report.verdict.rawValue)', and --require-accepted is set", exitCode: .failure)
                    .line)
            code = .failure
        }
        if let wanted = arguments.text(requireCommit), !result.commit.lowercased().hasPrefix(wanted.lowercased()) {
            context.console.writeErrorLine(
                Diagnostic(text: "the report was signed for commit \(result.commit), not \(wanted) (--require-commit)", exitCode: .failure)
                    .line)
            code = .failure
        }
        return code
    }

    /// Whether `text` is 7 to 40 hex digits.
    static func isCommitPrefix(_ text: String) -> Bool {
        (7...40).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
    }

    /// Files in `folder/logs/` that the report does not list (the gate's own marker aside).
    static func unlistedLogs(in folder: String, listed: [String]) -> [String] {
        let logs = (folder.isEmpty ? "." : folder) + "/logs"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: logs)) ?? []
        let known = Set(listed)
        return names.filter { $0 != ".acceptance-gate-logs" && !known.contains("logs/\($0)") }.sorted().map { "logs/\($0)" }
    }
}

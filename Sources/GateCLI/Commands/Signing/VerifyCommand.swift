//===----------------------------------------------------------------------===//
// VerifyCommand.swift: `acceptance-gate verify ENVELOPE|DIR... --pubkey FILE [--dir DIR] [--require-…]`.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateArchive
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
        help: "Exit 1 unless the signed commit is this one, from a clean work tree (the full id: 40 hex digits, or 64).")

    /// `--require-shards A,B,...`.
    package static let requireShards = OptionSpec.value(
        "require-shards", kind: .text, valueName: "names",
        help: "Exit 1 unless the report is the merge of exactly these shards (a lone shard's report is refused).")

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
                + "key that cannot be read is exit 2. Given a folder (or several arguments), verifies every archived out "
                + "folder (one holding report.dsse.json) in or below each, never following links, and prints one line per "
                + "report, '<verdict> <commit12> <shard or -> <finishedAt or -> <folder>' or 'unverified <folder>: <problem>', "
                + "then 'verified N of M reports: A accepted, R rejected, E error, X aborted'; exit 0 only when all verify "
                + "(and, with --require-accepted, all are accepted; with --require-commit, all are for that commit). "
                + "--require-config SHA256 (or --require-config-file FILE holding it) exits 1 unless the run used that "
                + "configuration, so a change that edited acceptance-gate.json cannot pass as judged by yours.",
            options: [
                pubkey, dir, requireAccepted, requireCommit, requireShards, PinnedPolicy.requireConfig, PinnedPolicy.requireConfigFile,
            ], positionals: [envelope])
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
        let wantedConfig = try PinnedPolicy.configDigest(arguments, command: CommandPath(["verify"]))
        let wantedShards = arguments.text(requireShards).map(shardSet)
        if let wantedShards, wantedShards.isEmpty || wantedShards.contains("") {
            throw .invalidValue(
                option: "--require-shards", value: arguments.text(requireShards) ?? "",
                allowed: "comma-separated shard names, as merge's --expect-shards", command: CommandPath(["verify"]))
        }
        if let wanted = arguments.text(requireCommit), !isFullCommitID(wanted) {
            throw .invalidValue(
                option: "--require-commit", value: wanted,
                allowed: "the full commit id: 40 hex digits (64 in a SHA-256 repository), e.g. $(git rev-parse HEAD)",
                command: CommandPath(["verify"]))
        }
        let paths = arguments.values(of: envelope)
        if paths.count > 1 || paths.contains(where: ArchiveFinder.isDirectory) {
            if arguments.text(dir) != nil {
                throw .invalidValue(
                    option: "--dir", value: arguments.text(dir) ?? "", allowed: "one envelope file (not with folders to verify in bulk)",
                    command: CommandPath(["verify"]))
            }
            return bulk(paths, publicKey: publicKey, wantedConfig: wantedConfig, arguments: arguments, context: context)
        }
        let archive: ArchivedReport
        do {
            archive = try ArchivedReport.load(envelopeAt: envelopePath, directory: arguments.text(dir), publicKey: publicKey)
        } catch {
            for problem in error.lines {
                context.console.writeErrorLine(Diagnostic(text: problem, exitCode: .failure).line)
            }
            if (envelopePath as NSString).lastPathComponent == "report.json" {
                context.console.writeErrorLine(
                    Diagnostic(
                        text: "'\(envelopePath)' is the report, not its signature: pass the report.dsse.json beside it, or its folder",
                        exitCode: .failure
                    ).line)
            }
            return .failure
        }
        let result = archive.verification
        let report = archive.report
        let count = report.problems.isEmpty ? report.reasons.count : report.problems.count
        let shard = report.shard.map { ", shard \($0)" } ?? ""
        // The shard name and the summary come from signed bytes, but one line each they must stay.
        context.console.output.writeLine(
            Diagnostic.printable(
                "verified: \(report.verdict.rawValue) at \(result.commit.prefix(12))\(shard) (\(count) problem\(count == 1 ? "" : "s"))"))
        context.console.output.writeLine(Diagnostic.printable("  " + String(result.summary.dropFirst("verified: ".count))))
        if let config = report.config {
            context.console.output.writeLine(
                Diagnostic.printable("  configuration \(config.path), sha256 \(config.sha256.prefix(12))"))
        }
        if let signature = report.signature, signature.method != nil {
            context.console.output.writeLine(Diagnostic.printable("  " + signature.provenance))
        }
        if let commit = report.commit, commit.dirty {
            context.console.output.writeLine(
                "  note: the work tree was dirty (\(commit.changedPaths.count) changed path(s)), so this is not the commit's own result")
        }
        let folder = arguments.text(dir) ?? (envelopePath as NSString).deletingLastPathComponent
        for extra in unlistedLogs(in: folder, listed: result.logPaths) {
            // Anyone can drop a file there: its name is not signed and must not forge a line.
            context.console.output.writeLine(
                Diagnostic.printable("  note: \(extra) is in logs/ but not listed in the report, so it was not verified"))
        }
        var code = ExitCode.success
        if arguments.flag(requireAccepted), report.verdict != .accepted {
            context.console.writeErrorLine(
                Diagnostic(text: "the signed verdict is '\(report.verdict.rawValue)', and --require-accepted is set", exitCode: .failure)
                    .line)
            code = .failure
        }
        if let wanted = arguments.text(requireCommit) {
            if result.commit.lowercased() != wanted.lowercased() {
                context.console.writeErrorLine(
                    Diagnostic(
                        text: "the report was signed for commit \(result.commit), not \(wanted) (--require-commit)", exitCode: .failure
                    )
                    .line)
                code = .failure
            } else if report.commit?.dirty == true {
                context.console.writeErrorLine(
                    Diagnostic(
                        text: "the report was signed for a dirty work tree at \(result.commit), not for the commit itself "
                            + "(--require-commit); run the gate on a clean checkout", exitCode: .failure
                    ).line)
                code = .failure
            }
        }
        if let wantedConfig, report.config?.sha256.lowercased() != wantedConfig {
            context.console.writeErrorLine(
                Diagnostic(
                    text: "the run used the configuration with sha256 \(report.config?.sha256 ?? "(none)"), not \(wantedConfig) "
                        + "(--require-config): the change may have edited the policy it was judged by", exitCode: .failure
                ).line)
            code = .failure
        }
        if let wantedShards, let mismatch = shardMismatch(report.shards?.map(\.name), wanted: wantedShards) {
            context.console.writeErrorLine(Diagnostic(text: mismatch, exitCode: .failure).line)
            code = .failure
        }
        return code
    }

    /// The names in `--require-shards`, trimmed.
    static func shardSet(_ text: String) -> Set<String> {
        Set(text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// Why a report with `shards` is not the merge `--require-shards` asks for, or `nil`.
    static func shardMismatch(_ shards: [String]?, wanted: Set<String>) -> String? {
        let listed = wanted.sorted().joined(separator: ", ")
        guard let shards else {
            return "the report is not a merged report, and --require-shards asks for the merge of \(listed)"
        }
        guard Set(shards) == wanted, shards.count == wanted.count else {
            return "the report merges \(shards.isEmpty ? "no shard" : shards.joined(separator: ", ")), not \(listed) (--require-shards)"
        }
        return nil
    }

    /// Bulk mode: every out folder under `paths` (an envelope file stands for itself), verified
    /// concurrently, one line each in the order found, then the summary.
    private static func bulk(
        _ paths: [String], publicKey: PublicKey, wantedConfig: String?, arguments: ParsedArguments, context: CommandContext
    ) -> ExitCode {
        var envelopes: [(path: String, shown: String)] = []
        var emptyPaths = 0
        for path in paths {
            guard ArchiveFinder.isDirectory(path) else {
                envelopes.append((path, path))
                continue
            }
            let found = ArchiveFinder.outFolders(under: path)
            if found.isEmpty {
                emptyPaths += 1
                context.console.writeErrorLine(
                    Diagnostic(
                        text: "no archived report (a folder with report.dsse.json) in or below '\(path)'; name the folders "
                            + "the gate's out folders were archived to", exitCode: .failure
                    ).line)
            }
            envelopes += found.map { (ArchivedReport.envelope(in: $0), $0) }
        }
        let outcomes = ArchiveBatch.verify(envelopes: envelopes.map(\.path), publicKey: publicKey) { archive in
            BulkLine(
                verdict: archive.report.verdict, commit: archive.verification.commit, shard: archive.report.shard,
                time: archive.report.finishedAt ?? archive.report.startedAt, dirty: archive.report.commit?.dirty == true,
                shards: archive.report.shards?.map(\.name), config: archive.report.config?.sha256.lowercased())
        }
        let wanted = arguments.text(requireCommit)
        let wantedShards = arguments.text(requireShards).map(shardSet)
        let requireAccepted = arguments.flag(requireAccepted)
        var counts: [ReportVerdict: Int] = [:]
        var verified = 0
        var good = 0
        for (envelope, outcome) in zip(envelopes, outcomes) {
            switch outcome {
            case .failure(let error):
                // A folder found by its report or marker alone holds an unsigned (or stripped) report.
                let reason =
                    FileManager.default.fileExists(atPath: envelope.path)
                    ? error.description
                    : "an unsigned report (no report.dsse.json); run the gate with a key (--key FILE or "
                        + "$ACCEPTANCE_GATE_SIGNING_KEY, see 'acceptance-gate keygen')"
                context.console.output.writeLine(Diagnostic.printable("unverified \(envelope.shown): \(reason)"))
            case .success(let line):
                verified += 1
                counts[line.verdict, default: 0] += 1
                var notes: [String] = []
                if requireAccepted, line.verdict != .accepted { notes.append("not accepted (--require-accepted)") }
                if let wanted, line.commit.lowercased() != wanted.lowercased() {
                    notes.append("not commit \(wanted) (--require-commit)")
                } else if wanted != nil, line.dirty {
                    notes.append("a dirty work tree, not the commit itself (--require-commit)")
                }
                if let wantedConfig, line.config != wantedConfig {
                    notes.append("not configuration \(wantedConfig.prefix(12)) (--require-config)")
                }
                if let wanted = wantedShards, shardMismatch(line.shards, wanted: wanted) != nil {
                    notes.append("not the merge of \(wanted.sorted().joined(separator: ", ")) (--require-shards)")
                }
                if notes.isEmpty { good += 1 }
                let suffix = notes.isEmpty ? "" : ": " + notes.joined(separator: ", ")
                // The shard and time come from a signed report, but one line each they must stay.
                context.console.output.writeLine(
                    Diagnostic.printable(
                        "\(line.verdict.rawValue) \(line.commit.prefix(12)) \(line.shard ?? "-") \(line.time ?? "-") \(envelope.shown)\(suffix)"
                    ))
            }
        }
        let tally = ReportVerdict.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        context.console.output.writeLine("verified \(verified) of \(envelopes.count) reports: \(tally)")
        // A folder that held no report is not "all verified".
        return !envelopes.isEmpty && emptyPaths == 0 && good == envelopes.count ? .success : .failure
    }

    /// What bulk `verify` prints of one verified report.
    private struct BulkLine: Sendable {
        var verdict: ReportVerdict
        var commit: String
        var shard: String?
        var time: String?
        var dirty: Bool
        var shards: [String]?
        var config: String?
    }

    /// Whether `text` is a full commit id: 40 hex digits (SHA-1), or 64 (a SHA-256 repository). A
    /// prefix is refused: a few hex digits can be matched by a commit made to match them.
    static func isFullCommitID(_ text: String) -> Bool {
        [40, 64].contains(text.utf8.count)
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

//===----------------------------------------------------------------------===//
// MergeCommand.swift: `acceptance-gate merge SHARD_DIR... --pubkey FILE --out DIR [--key FILE] [--expect-shards A,B]`.
//===----------------------------------------------------------------------===//

import Gate
import GateArchive
import GateCore
import GatePublishing
import GateReport

/// `merge`: one signed verdict for a CI matrix. Verifies every shard's out folder exactly as
/// `verify` does, requires one commit and one configuration, and writes one merged report (every
/// format a run writes, the shards' envelopes named in its signed statement).
///
/// Exits 0 when every expected shard is present, verified and accepted; 1 when a shard was
/// rejected; 3 when a shard is missing, unverifiable, duplicated, unnamed, could not judge, or the
/// shards are of different commits or configurations (the evidence is incomplete); 2 for usage,
/// including a key that cannot be read.
package enum MergeCommand: GateCommand {
    /// `SHARD_DIR...`: the shards' out folders.
    package static let shards = PositionalSpec(
        "shard-dir", isRepeatable: true, help: "A shard's out folder (report.json, report.dsse.json, logs/), as its job uploaded it.")

    /// `--pubkey FILE`: the key every shard must be signed by.
    package static let pubkey = KeyOptions.pubkey(
        help: "The public key every shard must be signed by (PEM 'PUBLIC KEY', the .pub from keygen).")

    /// `--out DIR`: the merged report's folder.
    package static let out = OptionSpec.value(
        "out", kind: .text, valueName: "dir", isRequired: true,
        help: "Where the merged report goes: a new folder, or one an earlier run or merge wrote; never a shard's folder.")

    /// `--key FILE`: the key that signs the merged report.
    package static let key = KeyOptions.key(
        help: "The Ed25519 private key (PEM) that signs the merged report; by default $ACCEPTANCE_GATE_SIGNING_KEY, as for run.")

    /// `--expect-shards A,B,...`: the whole matrix.
    package static let expectShards = OptionSpec.value(
        "expect-shards", kind: .text, valueName: "names",
        help: "Comma-separated shard names the matrix has; a missing or extra shard is exit 3 (default: the shards given).")

    /// `--require-commit SHA`: the commit under test.
    package static let requireCommit = PinnedPolicy.requireCommit(
        help: "The commit under test (full id, e.g. $GITHUB_SHA): a shard for any other commit is exit 3, so accepted "
            + "shards of an earlier commit cannot be replayed.")

    /// `--plan FILE`: the shard plan the matrix ran.
    package static let plan = OptionSpec.value(
        "plan", kind: .text, valueName: "file",
        help: "The shard plan every shard ran ('run --shard K --plan FILE'): each shard's report must carry its SHA-256, "
            + "and every planned test must have run exactly once, in its own shard (a test missing, run twice or in "
            + "another shard is exit 1); tests new since the plan are listed and accepted. Without --expect-shards, the "
            + "plan's shards are the matrix.")

    /// `merge`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "merge", abstract: "Merge the signed reports of a CI matrix's shards into one signed verdict.",
            discussion: "Verifies every shard folder as 'verify' does (signature by --pubkey, report.json digest, every "
                + "listed log), requires that all are for one commit and one configuration, and writes one report in "
                + "--out: report.json with a 'shards' section and every suite named <shard>/<suite>, junit.xml, "
                + "summary.md and report.html, signed as report.dsse.json with --key or $ACCEPTANCE_GATE_SIGNING_KEY "
                + "(without either it is written unsigned, and says so). The signed statement's subjects are the commit, "
                + "the merged report.json and each shard's report.dsse.json by SHA-256. A shard without a name (its run "
                + "had no --shard) is refused, never named after its folder. Exit 0 every expected shard present, "
                + "verified and accepted; 1 a shard rejected; 3 a shard missing, unverifiable, duplicated or unnamed, "
                + "or shards of different commits or configurations (or not of --require-commit, or of a dirty work tree, "
                + "or not of --require-config); with --require-keyid, a --pubkey of another keyid is exit 3 before any shard "
                + "is read; 2 usage.",
            options: [
                pubkey, out, key, expectShards, plan, requireCommit, PinnedPolicy.requireKeyID, PinnedPolicy.requireConfig,
                PinnedPolicy.requireConfigFile,
            ], positionals: [shards])
    }

    /// Loads the keys, merges and prints one line per shard and the verdict.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let plan = try MergePlan(arguments, environment: context.environment)
        let outcome: RunOutcome
        do {
            outcome = try ShardMergeRun(plan: plan, gateVersion: GateVersion.current).execute()
        } catch {
            throw CommandLineError(error)
        }
        announce(outcome, plan: plan, context: context)
        return GateExitStatus(outcome: outcome.exitCode)
    }

    /// One line per shard, the problems on standard error, and the verdict last.
    private static func announce(_ outcome: RunOutcome, plan: MergePlan, context: CommandContext) {
        let report = outcome.report
        for stage in report.stages where stage.name.hasPrefix("shard ") || stage.name == "plan" {
            context.console.output.writeLine(Diagnostic.printable("\(stage.name): \(stage.detail ?? stage.status.rawValue)"))
        }
        for reason in report.reasons {
            context.console.writeProblem(reason)
        }
        // The merge job is the check branch protection requires: in GitHub Actions it annotates and
        // writes the job summary as a run does.
        if GitHubActions.isActive(environment: context.environment) {
            for annotation in GitHubActions.annotations(for: report) {
                context.console.output.writeLine(annotation)
            }
            let markdown = GitHubActions.jobSummary(
                ReportRenderer().markdown(report), reportFolder: plan.outDirectory, environment: context.environment)
            _ = try? GitHubActions.appendSummary(markdown, environment: context.environment)
        }
        if let key = plan.signingKey {
            context.console.output.writeLine("signed: report.dsse.json, keyid \(key.publicKey.keyID)")
        } else {
            context.console.output.writeLine(
                "not signed: no --key and no $\(KeyOptions.signingKeyVariable), so the merged report has no report.dsse.json")
        }
        let shardCount = report.shards?.count ?? 0
        let tests = report.suites.reduce(0) { $0 + $1.tests.count }
        let commit = report.commit.map { " at \($0.id.prefix(12))" } ?? ""
        if report.verdict == .accepted {
            context.console.output.writeLine(
                "\(report.verdictText): \(shardCount) shard(s), \(report.suites.count) suite(s), \(tests) test(s)\(commit)")
        } else {
            context.console.output.writeLine(
                Diagnostic.printable("\(report.verdict.rawValue): \(report.reasons.first ?? "see the merged report")"))
        }
    }
}

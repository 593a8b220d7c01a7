//===----------------------------------------------------------------------===//
// RunCommand.swift: `acceptance-gate run`, the pipeline step.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateCore
import GateProcess
import GatePublishing

/// `run`: the gate end to end (design.md, "Stages"): stamp, fixture, suites, stop and exit proof,
/// ledger, leak scan, report, signature, verdict.
///
/// Exits 0 accepted, 1 rejected, 2 for a usage or configuration error, 3 for an infrastructure
/// failure (fixture not ready, port taken, no repository, toolchain missing, out folder not
/// writable), 130 or 143 when interrupted; every run that got as far as its out folder leaves a report.
package enum RunCommand: GateCommand {
    /// `--config FILE`.
    package static let config = OptionSpec.value(
        "config", kind: .text, valueName: "file",
        help: "The configuration; by default acceptance-gate.json in the repository root (only acceptance-gate's own "
            + "repository falls back to its embedded self-check).")
    /// `--out DIR`.
    package static let out = OptionSpec.value(
        "out", kind: .text, valueName: "dir",
        help: "Where the report, the logs and the signature go (default: report.dir, .acceptance-gate).")
    /// `--key FILE`.
    package static let key = KeyOptions.key(
        help: "The Ed25519 private key (PEM, mode 0600) that signs the report; overrides signing.keyFile.")
    /// `--repo DIR`.
    package static let repo = OptionSpec.value(
        "repo", kind: .text, valueName: "dir", help: "The work tree to stamp and to run the suites in (default: the current folder).")
    /// `--require-clean`.
    package static let requireClean = OptionSpec.flag("require-clean", help: "Reject a dirty work tree (untracked files count).")
    /// `--require-signature`.
    package static let requireSignature = OptionSpec.flag(
        "require-signature", help: "Reject the run when there is no signing key (checked before the suites run).")
    /// `--templates DIR`.
    package static let templates = OptionSpec.value(
        "templates", kind: .text, valueName: "dir",
        help: "A folder with replacement summary.md.template and report.html.template (see templates/README.md).")
    /// `--quiet`.
    package static let quiet = OptionSpec.flag("quiet", help: "Print only the verdict line.")
    /// `--verbose`.
    package static let verbose = OptionSpec.flag("verbose", help: "Print every test result as it finishes.")
    /// `--json`.
    package static let json = OptionSpec.flag(
        "json",
        help: "For scripts: print one JSON line on standard output at the end (verdict, exit code, counts, report folder), "
            + "and the progress on standard error.")
    /// `--base REF`: the revision the change is compared with.
    package static let base = OptionSpec.value(
        "base", kind: .text, valueName: "ref",
        help: "The revision the change is compared with (origin/main, HEAD~1): the report says whether the change edits "
            + "the gate's configuration, and every output says so at its top.")

    /// `--shard NAME`.
    package static let shard = OptionSpec.value(
        "shard", kind: .text, valueName: "name",
        help:
            "Label this run as one shard of a CI matrix (lowercase letters, digits, '.', '_', '-'); recorded in the report and the signed statement."
    )

    /// `--isolation auto|required|off`.
    package static let isolation = OptionSpec.value(
        "isolation", kind: .choice(SuiteIsolationSetting.allCases.map(\.rawValue)), valueName: "mode", defaultValue: .text("auto"),
        help: "Where the suites run: auto (as another user in namespaces of their own where the machine allows, "
            + "else as the gate's user, said in the report), required (separated, or no suite runs: exit 3), "
            + "off (as the gate's user). See docs/proofs.md.")

    /// `--plan FILE`.
    package static let plan = OptionSpec.value(
        "plan", kind: .text, valueName: "file",
        help: "A shard plan ('acceptance-gate plan'): run only the tests it gives the --shard (swift test --filter, "
            + "xcodebuild -only-testing:, or the names in the file $ACCEPTANCE_GATE_TESTS_FILE names for another runner); "
            + "a planned test that did not run, or one of another shard that did, rejects. The first shard also runs tests "
            + "the plan does not know (new since it was made), listed in the report. The plan's SHA-256 is recorded for "
            + "'merge --plan'.")

    /// `run`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "run", abstract: "Run the acceptance gate: suites, fixture, exit proof, leak scan, signed report.",
            discussion: "Reads the configuration (--config, else acceptance-gate.json in the repository root; without one, "
                + "exit 2 pointing at init, except in acceptance-gate's own repository, which runs its embedded "
                + "self-check, its own redirect and frame suites), then: stamps the commit "
                + "(libgit2) and toolchain; starts the fixture in its own process group and waits for READY and its ports; "
                + "runs each suite in its own process group with its own log and timeout; stops the fixture and proves "
                + "it exited (status, empty group, ports released); checks the ledger; scans every log and rendered file "
                + "for token-like strings; writes report.json, junit.xml, summary.md and report.html; signs report.json "
                + "(report.dsse.json) when a key is found; prints the verdict last. Refuses to start inside another run "
                + "(ACCEPTANCE_GATE_RUN, which the gate gives every child, or on Linux the suite domain's PID 1). Exit 0 "
                + "accepted, 1 rejected, 2 usage or configuration error (or a nested run), 3 infrastructure, 130/143 "
                + "interrupted (the report is then marked aborted).",
            options: [
                config, out, key, repo, requireClean, requireSignature, templates, shard, plan, base, isolation, quiet, verbose, json,
            ])
    }

    /// Loads the configuration, runs the pipeline and maps its outcome to the exit code.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        // Before anything is read: a gate the code under test starts must not produce a report.
        if let refusal = NestedRun(environment: context.environment).refusal() { throw CommandLineError(refusal) }
        let plan = try RunPlan(arguments)
        // Orphaned grandchildren must be reaped by us, so "the group is empty" can be proven.
        try? Subreaper.enable()
        let monitor = InterruptMonitor()
        defer { monitor.cancel() }
        let environment = runEnvironment(plan, monitor: monitor, arguments: arguments, context: context)
        let outcome: RunOutcome
        do {
            outcome = try AcceptanceRun(plan: plan, environment: environment).execute()
        } catch {
            throw CommandLineError(error)
        }
        if arguments.flag(json) {
            context.console.output.write(RunResultLine.json(outcome, outDirectory: plan.configuration.report.dir) + "\n")
        }
        return GateExitStatus(outcome: outcome.exitCode)
    }

    /// What the run may use: the progress printed as the options ask, and the process's secrets
    /// taken out of its environment before any child starts.
    private static func runEnvironment(
        _ plan: RunPlan, monitor: InterruptMonitor, arguments: ParsedArguments, context: CommandContext
    ) -> RunEnvironment {
        // With --json, standard output carries the result line alone.
        let sink = ProgressSink(
            output: arguments.flag(json) ? BufferedOutput(writer: context.console.errorOutput) : context.console.output)
        let style = ProgressStyle.detect(
            isTerminal: isatty(1) == 1, environment: context.environment, quiet: arguments.flag(quiet), verbose: arguments.flag(verbose))
        let environment = RunEnvironment(
            variables: context.environment, gateExecutable: GateExecutable.path, gateImage: Platform.current.runnableOwnImage,
            gateVersion: GateVersion.current,
            wallClock: { Date().timeIntervalSince1970 }, progress: ProgressReporter(style: style) { sink.write($0) }, monitor: monitor,
            sweepsDescendants: true)
        // The environment was copied above; before any child starts, the secrets leave the block a
        // child of the same user could read (/proc/<gate>/environ, KERN_PROCARGS2), and the gate
        // stops being inspectable where the platform allows.
        SecretHygiene.denyInspection()
        SecretHygiene.scrub(SecretVariables.names(plan: plan, environment: context.environment))
        if !DescendantSweep.isAvailable {
            environment.progress.line("note: " + DescendantSweep.unavailableNotice)
        }
        return environment
    }
}

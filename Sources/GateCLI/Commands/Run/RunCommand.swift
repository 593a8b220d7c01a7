//===----------------------------------------------------------------------===//
// RunCommand.swift: `acceptance-gate run`, the pipeline step.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateProcess

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
    package static let key = OptionSpec.value(
        "key", kind: .text, valueName: "file",
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
                + "(report.dsse.json) when a key is found; prints the verdict last. Exit 0 accepted, 1 rejected, 2 usage "
                + "or configuration error, 3 infrastructure, 130/143 interrupted (the report is then marked aborted).",
            options: [config, out, key, repo, requireClean, requireSignature, templates, shard, base, quiet, verbose, json])
    }

    /// Loads the configuration, runs the pipeline and maps its outcome to the exit code.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        let directory = arguments.text(repo) ?? FileManager.default.currentDirectoryPath
        let root = RepositoryRoot.find(from: directory) ?? directory
        let loaded: LoadedConfiguration
        do {
            loaded = try GateConfiguration.load(path: arguments.text(config), repositoryRoot: root)
        } catch {
            throw CommandLineError(error)
        }
        // Children run in the repository root, so every path handed on must be absolute; the
        // command line's paths are the current folder's, the configuration's the repository's.
        let current = PathResolver.currentDirectory
        var plan = RunPlan(loaded)
        if let folder = arguments.text(out) {
            plan.configuration.report.dir = current.absolute(folder)
        }
        if let file = arguments.text(key) {
            plan.configuration.signing.keyFile = current.absolute(file)
            plan.configuration.signing.keyFileIsExplicit = true
        }
        if let folder = arguments.text(templates) {
            plan.configuration.report.templates = current.absolute(folder)
        }
        plan.configuration.git.requireClean = plan.configuration.git.requireClean || arguments.flag(requireClean)
        plan.configuration.signing.require = plan.configuration.signing.require || arguments.flag(requireSignature)
        if let name = arguments.text(shard) {
            guard ShardName.isValid(name) else {
                throw .invalidValue(option: "--shard", value: name, allowed: ShardName.allowedText, command: context.commandPath)
            }
            plan.shard = name
        }
        // The built-in self-check runs the gate's own tests: in a team's repository that is minutes
        // of someone else's suites ending "rejected", so a missing configuration stops here instead.
        if loaded.isBuiltInSelfCheck, !LoadedConfiguration.isGateRepository(root) {
            throw .failed(
                message: "no \(GateConfiguration.fileName) here (\(root)); run `acceptance-gate init`, or pass --config FILE",
                status: .usage)
        }

        if let revision = arguments.text(base) {
            plan.configBase = try compareConfiguration(loaded, root: root, base: revision, command: context.commandPath)
        }

        // Orphaned grandchildren must be reaped by us, so "the group is empty" can be proven.
        try? Subreaper.enable()
        let monitor = InterruptMonitor()
        defer { monitor.cancel() }
        // With --json, standard output carries the result line alone.
        let sink = ProgressSink(
            output: arguments.flag(json) ? BufferedOutput(writer: context.console.errorOutput) : context.console.output)
        let style = ProgressStyle.detect(
            isTerminal: isatty(1) == 1, environment: context.environment, quiet: arguments.flag(quiet), verbose: arguments.flag(verbose))
        let environment = RunEnvironment(
            variables: context.environment, gateExecutable: GateExecutable.path, gateVersion: GateVersion.current,
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
        let outcome: RunOutcome
        do {
            outcome = try AcceptanceRun(plan: plan, environment: environment).execute()
        } catch {
            throw CommandLineError(error)
        }
        if arguments.flag(json) {
            context.console.output.write(RunResultLine.json(outcome, outDirectory: plan.configuration.report.dir) + "\n")
        }
        // 130 for SIGINT and SIGHUP (design.md knows 130 and 143 only), 143 for SIGTERM.
        switch outcome.exitCode {
        case 0: return .success
        case 1: return .failure
        case 3: return .infrastructure
        case 143: return .terminated
        default: return .interrupted
        }
    }

    /// Whether the configuration the run uses differs from its copy at `base`: the file the run
    /// reads (or, for the embedded default, `acceptance-gate.json`, so deleting it counts).
    private static func compareConfiguration(
        _ loaded: LoadedConfiguration, root: String, base: String, command: CommandPath
    ) throws(CommandLineError) -> ConfigBaseComparison {
        var path = GateConfiguration.fileName
        if let file = loaded.path {
            guard let inside = PathResolver(base: root).relative(PathResolver.currentDirectory.absolute(file)) else {
                throw .invalidValue(
                    option: "--base", value: base, allowed: "a run whose configuration is inside the repository (not '\(file)')",
                    command: command)
            }
            path = inside
        }
        do {
            return try ConfigBaseComparison.compare(
                bytes: loaded.path == nil ? nil : loaded.bytes, path: path, base: base, repositoryDirectory: root)
        } catch {
            throw CommandLineError(error)
        }
    }
}

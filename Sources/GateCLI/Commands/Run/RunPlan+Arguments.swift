//===----------------------------------------------------------------------===//
// RunPlan+Arguments.swift: the run a `run` command line asks for.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateArchive
import GateConfig
import GatePublishing

extension RunPlan {
    /// The run `run`'s arguments ask for: the configuration found and loaded (its paths absolute),
    /// the command line's `--out`, `--key`, `--templates` and `--require-*` written into it, and
    /// the configuration compared with `--base`.
    ///
    /// - Throws: the configuration's own error when it cannot be loaded; usage errors (exit 2) for
    ///   a bad `--shard`, a repository without a configuration (but the gate's own), or a `--base`
    ///   that cannot be compared.
    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let directory = arguments.text(RunCommand.repo) ?? FileManager.default.currentDirectoryPath
        let root = RepositoryRoot.find(from: directory) ?? directory
        let loaded: LoadedConfiguration
        do {
            loaded = try GateConfiguration.load(path: arguments.text(RunCommand.config), repositoryRoot: root)
        } catch {
            throw CommandLineError(error)
        }
        // Children run in the repository root, so every path handed on must be absolute; the
        // command line's paths are the current folder's, the configuration's the repository's.
        self.init(loaded)
        let current = PathResolver.currentDirectory
        if let folder = arguments.text(RunCommand.out) {
            configuration.report.dir = current.absolute(folder)
        }
        if let file = arguments.text(RunCommand.key) {
            configuration.signing.keyFile = current.absolute(file)
            configuration.signing.keyFileIsExplicit = true
        }
        if let folder = arguments.text(RunCommand.templates) {
            configuration.report.templates = current.absolute(folder)
        }
        configuration.git.requireClean = configuration.git.requireClean || arguments.flag(RunCommand.requireClean)
        configuration.signing.require = configuration.signing.require || arguments.flag(RunCommand.requireSignature)
        if let mode = arguments.text(RunCommand.isolation).flatMap(SuiteIsolationSetting.init(rawValue:)) {
            isolation = mode
        }
        if let name = arguments.text(RunCommand.shard) {
            guard ShardName.isValid(name) else {
                throw .invalidValue(
                    option: RunCommand.shard.spelling, value: name, allowed: ShardName.allowedText, command: arguments.command)
            }
            shard = name
        }
        if let file = arguments.text(RunCommand.plan) {
            guard let name = shard else {
                throw .missingOption(RunCommand.shard.spelling, usage: "--shard NAME --plan FILE", command: arguments.command)
            }
            do throws(ShardPlanError) {
                let read = try ShardPlan.read(current.absolute(file))
                shardAssignment = try read.plan.assignment(shard: name, sha256: read.sha256, path: file)
            } catch {
                throw CommandLineError(error)
            }
        }
        // The built-in self-check runs the gate's own tests: in a team's repository that is minutes
        // of someone else's suites ending "rejected", so a missing configuration stops here instead.
        if loaded.isBuiltInSelfCheck, !LoadedConfiguration.isGateRepository(root) {
            throw .failed(
                message: "no \(GateConfiguration.fileName) here (\(root)); run `acceptance-gate init`, or pass --config FILE",
                status: .usage)
        }
        if let revision = arguments.text(RunCommand.base) {
            configBase = try Self.compareConfiguration(loaded, root: root, base: revision, command: arguments.command)
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
                    option: RunCommand.base.spelling, value: base,
                    allowed: "a run whose configuration is inside the repository (not '\(file)')", command: command)
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

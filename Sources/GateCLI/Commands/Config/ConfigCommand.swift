//===----------------------------------------------------------------------===//
// ConfigCommand.swift: `acceptance-gate config [--config FILE] [--repo DIR] | --print-default | --check [FILE]`.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateConfig
import GateCore

/// `config`: prints the effective configuration and where each setting came from, the embedded
/// default, or checks a configuration file.
///
/// With no flag it finds the configuration as `run` does (`--config`, else the repository's
/// `acceptance-gate.json`, else the embedded default) and prints ``EffectiveConfiguration/json``.
/// `--check` prints `ok: N suites` and exits 0, or prints the one-line error (file, key path,
/// what was expected and found) and exits 2.
package enum ConfigCommand: GateCommand {
    /// `--config FILE`: the file `run --config` would read.
    package static let config = OptionSpec.value(
        "config", kind: .text, valueName: "file",
        help: "Show the configuration 'run --config FILE' would use (default: acceptance-gate.json in the repository root, "
            + "else the embedded default).")

    /// `--repo DIR`: the work tree whose `acceptance-gate.json` is looked for.
    package static let repo = OptionSpec.value(
        "repo", kind: .text, valueName: "dir", help: "The work tree whose acceptance-gate.json is read (default: the current folder).")

    /// `--print-default`: print the embedded default.
    package static let printDefault = OptionSpec.flag(
        "print-default", help: "Print the embedded default configuration (this package's own suites) as JSON.")

    /// `--check`: validate a file.
    package static let check = OptionSpec.flag(
        "check", help: "Validate a configuration file and print 'ok: N suites', or the error with exit 2.")

    /// `[FILE]`: the file `--check` validates.
    package static let file = PositionalSpec(
        "file", isRequired: false, help: "The file to check; acceptance-gate.json in the current folder by default.")

    /// `config`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "config", abstract: "Print the effective configuration, the default one, or check acceptance-gate.json.",
            discussion: "With no flag, prints the configuration 'run' would use, every default applied, as JSON: "
                + "'source' (found by --config, in the repository, or the embedded default; its path and SHA-256), "
                + "'configuration', and 'origins', which names for every setting the file that set it or 'built-in default'. "
                + "With --print-default, prints the configuration used when there is no acceptance-gate.json "
                + "(a good start for your own). With --check [FILE], reads FILE (acceptance-gate.json by default) "
                + "strictly: unknown keys, wrong types and out-of-range values are errors naming the key path, "
                + "such as 'suites[1].timeoutSeconds'. Exits 0 when valid, 2 otherwise. An editor schema is in "
                + "templates/acceptance-gate.schema.json.",
            options: [config, repo, printDefault, check], positionals: [file])
    }

    /// Prints the default or checks the file.
    ///
    /// - Returns: ``GateExitStatus/success`` when printed or valid.
    /// - Throws: ``CommandLineError/invalidInput(_:)`` (exit 2) for an invalid or unreadable file;
    ///   usage errors when both flags are given, or `--config`/`--repo` with either.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let files = arguments.values(of: file)
        let printing = arguments.flag(printDefault)
        let checking = arguments.flag(check)
        if printing && checking {
            throw .invalidInput("'--print-default' and '--check' cannot be used together; pass one of them")
        }
        for option in [config, repo] where arguments.text(option) != nil && (printing || checking) {
            throw .invalidInput(
                "'--\(option.name)' shows the effective configuration and cannot be used with '--\(printing ? "print-default" : "check")'")
        }
        if printing {
            if let extra = files.first {
                throw .unexpectedArgument(extra, command: context.commandPath)
            }
            context.console.output.write(GateConfiguration.embeddedDefaultJSON)
            return .success
        }
        guard checking else {
            if let extra = files.first {
                throw .invalidInput(
                    "'\(extra)': check a file with 'config --check \(extra)', or see what it sets with 'config --config \(extra)'")
            }
            return try printEffective(arguments, context: context)
        }
        let path = files.first ?? GateConfiguration.fileName
        let loaded: LoadedConfiguration
        do {
            loaded = try GateConfiguration.load(path: path, repositoryRoot: nil)
        } catch {
            throw CommandLineError(error)
        }
        let count = loaded.configuration.suites.count
        context.console.output.writeLine("ok: \(count) \(count == 1 ? "suite" : "suites")")
        return .success
    }

    /// Prints the configuration `run` would load, as ``EffectiveConfiguration/json``.
    private static func printEffective(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let directory = arguments.text(repo) ?? FileManager.default.currentDirectoryPath
        var isDirectory: ObjCBool = false
        // A mistyped --repo would otherwise quietly show the embedded default, as if the folder had no file.
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .invalidInput("'--repo \(directory)': no such folder; pass the work tree whose acceptance-gate.json to read")
        }
        let root = RepositoryRoot.find(from: directory) ?? directory
        let given = arguments.text(config)
        let loaded: LoadedConfiguration
        do {
            loaded = try GateConfiguration.load(path: given, repositoryRoot: root)
        } catch {
            throw CommandLineError(error)
        }
        let source: EffectiveConfiguration.Source = given != nil ? .option : (loaded.path != nil ? .repository : .embeddedDefault)
        context.console.output.write(EffectiveConfiguration(loaded: loaded, source: source).json)
        return .success
    }
}

//===----------------------------------------------------------------------===//
// ConfigCommand.swift: `acceptance-gate config --print-default | --check [FILE]`.
//===----------------------------------------------------------------------===//

import Gate

/// `config`: prints the embedded default configuration, or checks a configuration file.
///
/// `--check` prints `ok: N suites` and exits 0, or prints the one-line error (file, key path,
/// what was expected and found) and exits 2.
package enum ConfigCommand: GateCommand {
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
            name: "config", abstract: "Print the default configuration or check acceptance-gate.json.",
            discussion: "With --print-default, prints the configuration used when there is no acceptance-gate.json "
                + "(a good start for your own). With --check [FILE], reads FILE (acceptance-gate.json by default) "
                + "strictly: unknown keys, wrong types and out-of-range values are errors naming the key path, "
                + "such as 'suites[1].timeoutSeconds'. Exits 0 when valid, 2 otherwise. An editor schema is in "
                + "templates/acceptance-gate.schema.json.",
            options: [printDefault, check], positionals: [file])
    }

    /// Prints the default or checks the file.
    ///
    /// - Returns: ``ExitCode/success`` when printed or valid.
    /// - Throws: ``CommandLineError/invalidInput(_:)`` (exit 2) for an invalid or unreadable file;
    ///   usage errors when neither or both of the flags are given.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> ExitCode {
        let files = arguments.values(of: file)
        let printing = arguments.flag(printDefault)
        let checking = arguments.flag(check)
        if printing && checking {
            throw .invalidInput("'--print-default' and '--check' cannot be used together; pass one of them")
        }
        if printing {
            if let extra = files.first {
                throw .unexpectedArgument(extra, command: context.commandPath)
            }
            context.console.output.write(GateConfiguration.embeddedDefaultJSON)
            return .success
        }
        guard checking else {
            throw .missingOption("--check", usage: "--check [<file>]' or '--print-default", command: context.commandPath)
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
}

//===----------------------------------------------------------------------===//
// ArgumentValidator.swift: stage 3, check an Invocation against a CommandSpec.
//===----------------------------------------------------------------------===//

import GateCore

/// Stage 3 of parsing: checks an invocation against its command's spec and parses the values.
package enum ArgumentValidator {
    /// Validates `invocation` against `spec`.
    ///
    /// Checks, in order: each option is known, given at most once unless repeatable, and has a
    /// value of the right kind; then every required option is present (defaults fill the absent
    /// ones); then the positional arguments fill the spec's positionals in order.
    ///
    /// - Returns: the parsed values.
    /// - Throws: ``CommandLineError/unknownOption(_:command:suggestion:)``,
    ///   ``CommandLineError/duplicateOption(_:command:)``,
    ///   ``CommandLineError/invalidValue(option:value:allowed:command:)``,
    ///   ``CommandLineError/missingValue(option:valueName:command:)``,
    ///   ``CommandLineError/unexpectedValue(option:value:command:)``,
    ///   ``CommandLineError/missingOption(_:usage:command:)``,
    ///   ``CommandLineError/missingArgument(_:command:)`` or
    ///   ``CommandLineError/unexpectedArgument(_:command:)``.
    package static func validate(_ invocation: Invocation, against spec: CommandSpec) throws(CommandLineError) -> ParsedArguments {
        let command = invocation.commandPath
        var parsed = ParsedArguments(command: command)

        // MARK: Options as given
        for occurrence in invocation.options {
            guard let option = spec.option(named: occurrence.name) else {
                let suggestion = SpellingSuggestion.closest(to: occurrence.name, among: spec.options.map(\.name))
                throw .unknownOption("--" + occurrence.name, command: command, suggestion: suggestion.map { "--" + $0 })
            }
            if parsed.options[option.name] != nil, !option.isRepeatable {
                throw .duplicateOption(option.spelling, command: command)
            }
            parsed.options[option.name, default: []].append(try value(of: occurrence, for: option, command: command))
        }

        // MARK: Required options and defaults
        for option in spec.options where parsed.options[option.name] == nil {
            if option.isRequired {
                throw .missingOption(option.spelling, usage: option.usage, command: command)
            }
            if let defaultValue = option.defaultValue {
                parsed.options[option.name] = [defaultValue]
            }
        }

        // MARK: Positionals
        var remaining = invocation.positionals[...]
        for positional in spec.positionals {
            let taken = positional.isRepeatable ? remaining : remaining.prefix(1)
            remaining = remaining.dropFirst(taken.count)
            if taken.isEmpty, positional.isRequired {
                throw .missingArgument(positional.placeholder, command: command)
            }
            if !taken.isEmpty {
                parsed.positionals[positional.name] = Array(taken)
            }
        }
        if let extra = remaining.first {
            throw .unexpectedArgument(extra, command: command)
        }
        return parsed
    }

    /// Parses one occurrence's value according to its option's kind.
    private static func value(
        of occurrence: OptionOccurrence, for option: OptionSpec,
        command: CommandPath
    ) throws(CommandLineError) -> OptionValue {
        guard let kind = option.valueKind else {
            if let value = occurrence.value {
                throw .unexpectedValue(option: option.spelling, value: value, command: command)
            }
            return .flag
        }
        guard let text = occurrence.value else {
            throw .missingValue(option: option.spelling, valueName: option.valueName, command: command)
        }
        guard let value = kind.parse(text) else {
            throw .invalidValue(option: option.spelling, value: text, allowed: kind.allowedDescription, command: command)
        }
        return value
    }
}

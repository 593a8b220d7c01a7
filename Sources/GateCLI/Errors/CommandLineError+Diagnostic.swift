//===----------------------------------------------------------------------===//
// CommandLineError+Diagnostic.swift: the one mapping from an error to a message and exit code.
//===----------------------------------------------------------------------===//

extension CommandLineError {
    /// The message and exit code for this error. This is the only place that decides either:
    /// every error the tool reports goes through here.
    package var diagnostic: Diagnostic {
        switch self {
        // MARK: - Usage errors (exit 2)
        case let .unknownCommand(name, parent, suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            return .usage("unknown command '\(name)'\(Self.forClause(parent))\(hint) \(parent.helpHint)")
        case let .missingCommand(parent, available):
            let noun = parent.isRoot ? "command" : "subcommand"
            return .usage(
                "missing \(noun)\(Self.forClause(parent)); choose one of "
                    + "\(available.joined(separator: ", ")) \(parent.helpHint)")
        case let .unknownOption(name, command, suggestion):
            let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
            return .usage("unknown option '\(name)'\(Self.forClause(command))\(hint) \(command.helpHint)")
        case let .missingValue(option, valueName, command):
            return .usage(
                "missing value for '\(option)'\(Self.ofClause(command)); "
                    + "pass '\(option) <\(valueName)>' \(command.helpHint)")
        case let .unexpectedValue(option, value, command):
            return .usage(
                "option '\(option)'\(Self.ofClause(command)) takes no value but was given '\(value)'; "
                    + "pass '\(option)' alone \(command.helpHint)")
        case let .invalidValue(option, value, allowed, command):
            return .usage(
                "invalid value '\(value)' for '\(option)'\(Self.ofClause(command)); "
                    + "expected \(allowed) \(command.helpHint)")
        case let .duplicateOption(option, command):
            return .usage(
                "option '\(option)'\(Self.ofClause(command)) was given more than once; "
                    + "pass it once \(command.helpHint)")
        case let .missingOption(option, usage, command):
            return .usage(
                "missing required option '\(option)'\(Self.forClause(command)); "
                    + "pass '\(usage)' \(command.helpHint)")
        case let .missingArgument(name, command):
            return .usage(
                "missing argument \(name)\(Self.forClause(command)); "
                    + "pass it after the command \(command.helpHint)")
        case let .unexpectedArgument(value, command):
            return .usage(
                "unexpected argument '\(value)'\(Self.forClause(command)); "
                    + "remove it \(command.helpHint)")

        // MARK: - Malformed input (exit 2)
        case let .invalidHexCharacter(line, column, byte):
            return .usage(
                "standard input line \(line), column \(column): \(Self.describe(byte: byte)) "
                    + "is not a hex digit; write each input as hex digits (0-9, a-f, A-F), one input per line")
        case let .oddHexDigitCount(line, count):
            return .usage(
                "standard input line \(line): odd number of hex digits (\(count)); "
                    + "every byte needs two hex digits")
        case let .lineTooLong(line, maximumDigits, limit):
            return .usage(
                "standard input line \(line): longer than \(maximumDigits) hex digits, "
                    + "the most any input can need with --limit \(limit); shorten the line or raise --limit")
        case let .invalidJSONLine(line, problem):
            return .usage(
                "standard input line \(line): \(problem); write one JSON object per line with string fields "
                    + "\"from\" and \"to\"")
        case let .invalidInput(message):
            return .usage(message)

        // MARK: - Infrastructure (exit 3)
        case let .readFailed(stream, code):
            return Diagnostic(
                text: "could not read \(stream): \(Self.describe(errorCode: code))",
                exitCode: .infrastructure)
        case let .writeFailed(stream, code):
            return Diagnostic(
                text: "could not write to \(stream): \(Self.describe(errorCode: code))",
                exitCode: .infrastructure)
        case let .unavailable(message):
            return Diagnostic(text: message, exitCode: .infrastructure)

        // MARK: - Any module's error
        case let .failed(message, status):
            return Diagnostic(text: message, exitCode: status)
        }
    }
}

extension Diagnostic {
    /// A usage error (exit 2) with the given text.
    fileprivate static func usage(_ text: String) -> Diagnostic {
        Diagnostic(text: text, exitCode: .usage)
    }
}

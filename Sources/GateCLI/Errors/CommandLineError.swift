//===----------------------------------------------------------------------===//
// CommandLineError.swift: everything that can go wrong on the command line.
//===----------------------------------------------------------------------===//

import GateCore

/// Everything that can stop a command: bad arguments, malformed input, failed reads and writes.
///
/// Each case carries what the message needs (the option, the value, what is allowed, where).
/// ``diagnostic`` turns any case into its one-line message and exit code; ``description`` is the
/// same sentence without the program-name prefix.
package enum CommandLineError: Error, Equatable, Sendable {
    // MARK: - Commands

    /// A name that is not a command of `parent`; `suggestion` is the closest sibling, if any.
    case unknownCommand(String, parent: CommandPath, suggestion: String?)

    /// A command group was given without one of its subcommands.
    case missingCommand(parent: CommandPath, available: [String])

    // MARK: - Options

    /// An option `command` does not have, spelled as typed (`--limt`); `suggestion` with dashes.
    case unknownOption(String, command: CommandPath, suggestion: String?)

    /// An option that needs a value came last or was followed by another option.
    case missingValue(option: String, valueName: String, command: CommandPath)

    /// A flag was given a value with `--flag=value`.
    case unexpectedValue(option: String, value: String, command: CommandPath)

    /// A value that does not parse or is out of range; `allowed` says what would be accepted.
    case invalidValue(option: String, value: String, allowed: String, command: CommandPath)

    /// An option that may appear once appeared again.
    case duplicateOption(String, command: CommandPath)

    /// A required option is absent; `usage` is how to pass it, e.g. `--batch` or `--out <dir>`.
    case missingOption(String, usage: String, command: CommandPath)

    // MARK: - Positional arguments

    /// A required positional argument is absent; `name` as help shows it, e.g. `<path>`.
    case missingArgument(String, command: CommandPath)

    /// A positional argument the command does not take.
    case unexpectedArgument(String, command: CommandPath)

    // MARK: - Input on standard input

    /// A byte that is not a hex digit in a `--batch` line; `line` and `column` count from 1.
    case invalidHexCharacter(line: Int, column: Int, byte: UInt8)

    /// A `--batch` line with an odd number of hex digits.
    case oddHexDigitCount(line: Int, count: Int)

    /// A `--batch` line longer than the longest frame the limit allows could need, in hex digits.
    case lineTooLong(line: Int, maximumDigits: Int, limit: Int)

    /// A `redirect decide --batch` line that is not a JSON object with string `from` and `to`;
    /// `problem` says what is wrong with it.
    case invalidJSONLine(line: Int, problem: String)

    /// An input file that is not what the command reads (e.g. `report render --in` given something
    /// that is not an acceptance report); the message names the file and the problem.
    case invalidInput(String)

    // MARK: - Infrastructure

    /// Reading `stream` failed with the C error number `code`.
    case readFailed(stream: String, code: Int32)

    /// Writing `stream` failed with the C error number `code`.
    case writeFailed(stream: String, code: Int32)

    /// Something the command needs could not be run or produced (an external decoder that cannot
    /// be started, for one); the message names it and says what to do.
    case unavailable(String)

    // MARK: - Any module's error

    /// An error of another module that carries its own message and exit status (``GateFailure``).
    case failed(message: String, status: GateExitStatus)

    /// `error` as a command-line error: the one place any error becomes a message and an exit
    /// code. A ``GateFailure`` brings both; an error of this module stays itself; anything else
    /// is infrastructure, with its description.
    package init(_ error: any Error) {
        switch error {
        case let error as CommandLineError: self = error
        case let failure as any GateFailure: self = .failed(message: failure.description, status: failure.exitStatus)
        default: self = .unavailable(String(describing: error))
        }
    }
}

extension CommandLineError: CustomStringConvertible {
    /// The message as one sentence, without the `acceptance-gate: ` prefix.
    package var description: String { diagnostic.text }
}

// MARK: - Helpers for the messages

extension CommandLineError {
    /// ` for 'frames decode'`, or nothing for the tool itself.
    static func forClause(_ command: CommandPath) -> String {
        command.isRoot ? "" : " for '\(command)'"
    }

    /// ` of 'frames decode'`, or nothing for the tool itself.
    static func ofClause(_ command: CommandPath) -> String {
        command.isRoot ? "" : " of '\(command)'"
    }

    /// How a byte is named in a message: `'g'` when printable ASCII, otherwise `byte 0x0d`.
    static func describe(byte: UInt8) -> String {
        if byte >= 0x20, byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        let digits = String(byte, radix: 16)
        return "byte 0x" + (digits.count < 2 ? "0" + digits : digits)
    }

    /// The C library's text for an error number.
    static func describe(errorCode code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

//===----------------------------------------------------------------------===//
// ConfigurationError.swift: everything wrong with an `acceptance-gate.json`.
//===----------------------------------------------------------------------===//

import GateCore

/// Why a configuration cannot be used. Every message is one line that starts with the file and,
/// for a bad value, the key path (`suites[1].timeoutSeconds`), so it can be fixed without a guess.
/// The CLI maps every case to exit 2.
package enum ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read (missing, a folder, no permission, too large).
    case unreadable(path: String, reason: String)
    /// The text is not JSON; `line` and `column` count from 1.
    case malformedJSON(file: String, line: Int, column: Int, problem: String)
    /// A key the configuration does not have; `suggestion` is the closest known key.
    case unknownKey(file: String, keyPath: String, suggestion: String?, allowed: [String])
    /// A value of the wrong type or out of range; `problem` says what was expected and found.
    case invalidValue(file: String, keyPath: String, problem: String)
    /// A token-like string (by the scan rule `rule`) at `keyPath`; `variable` is the environment
    /// variable it sets, when it is under an `env`. The value is never shown.
    case secretInConfiguration(file: String, keyPath: String, rule: String, variable: String?)
    /// Another problem, at a line and column of the file (from 1, the column in characters).
    indirect case located(line: Int, column: Int, ConfigurationError)

    /// The one-line message.
    package var description: String { described(at: nil) }

    /// The message, with `file:line:column` where a place is known.
    private func described(at place: (line: Int, column: Int)?) -> String {
        func here(_ file: String) -> String { place.map { "\(file):\($0.line):\($0.column)" } ?? file }
        switch self {
        case let .unreadable(path, reason):
            return "\(path): cannot read the configuration: \(reason)"
        case let .malformedJSON(file, line, column, problem):
            return "\(file):\(line):\(column): not valid JSON: \(problem)"
        case let .unknownKey(file, keyPath, suggestion, allowed):
            if let suggestion {
                return "\(here(file)): \(keyPath): unknown key; did you mean '\(suggestion)'?"
            }
            return "\(here(file)): \(keyPath): unknown key; expected one of \(allowed.joined(separator: ", "))"
        case let .invalidValue(file, keyPath, problem):
            return keyPath.isEmpty ? "\(here(file)): \(problem)" : "\(here(file)): \(keyPath): \(problem)"
        case let .secretInConfiguration(file, keyPath, rule, variable):
            let instead =
                variable.map {
                    "set \($0) in the CI job's environment from its secret store instead (suites and the fixture inherit it)"
                } ?? "keep the secret in the CI's secret store and hand it to the suite as an environment variable"
            return "\(here(file)): \(keyPath): holds a token-like string (\(rule)); a configuration is committed and copied into "
                + "every report, so remove it, rotate the secret, and \(instead)"
        case let .located(line, column, problem):
            return problem.described(at: (line, column))
        }
    }

    /// The problem placed at its key (an unknown key) or value (the rest) in the file, when
    /// `positions` knows the key path; as it is otherwise.
    func located(in positions: JSONPositions) -> ConfigurationError {
        let place: (line: Int, column: Int)?
        switch self {
        case let .unknownKey(_, keyPath, _, _): place = positions.key(keyPath)
        case let .invalidValue(_, keyPath, _), let .secretInConfiguration(_, keyPath, _, _):
            place = keyPath.isEmpty ? nil : positions.value(keyPath) ?? positions.key(keyPath)
        case .unreadable, .malformedJSON, .located: place = nil
        }
        return place.map { .located(line: $0.line, column: $0.column, self) } ?? self
    }
}

extension ConfigurationError: GateFailure {
    /// Exit 2: the configuration the user wrote (or cannot read) is wrong.
    package var exitStatus: GateExitStatus { .usage }
}

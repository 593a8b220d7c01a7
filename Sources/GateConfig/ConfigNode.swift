//===----------------------------------------------------------------------===//
// ConfigNode.swift: one JSON value with its key path, read with checked types.
//===----------------------------------------------------------------------===//

import GateCore

/// A JSON value together with where it is (`suites[1].timeoutSeconds`) and which file it came
/// from, so every accessor can fail with a message that names the key path.
struct ConfigNode {
    /// The value.
    var value: JSONValue
    /// The key path, empty for the top level.
    var path: String
    /// The file name for messages.
    var file: String

    /// The node of member `key` of this object's path.
    func child(_ key: String, _ value: JSONValue) -> ConfigNode {
        ConfigNode(value: value, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    /// An ``ConfigurationError/invalidValue(file:keyPath:problem:)`` at this node.
    func invalid(_ expectation: String) -> ConfigurationError {
        .invalidValue(file: file, keyPath: path, problem: "expected \(expectation), found \(value.shortDescription)")
    }

    /// An error at this node with a free-form problem.
    func problem(_ text: String) -> ConfigurationError {
        .invalidValue(file: file, keyPath: path, problem: text)
    }

    /// The members of an object, after checking that every key is one of `allowed`.
    func members(allowed: [String]) throws(ConfigurationError) -> [String: ConfigNode] {
        guard case let .object(pairs) = value else { throw invalid("an object") }
        var result: [String: ConfigNode] = [:]
        for pair in pairs {
            let (key, node) = (pair.key, child(pair.key, pair.value))
            guard allowed.contains(key) else {
                throw .unknownKey(file: file, keyPath: node.path, suggestion: Self.closest(to: key, in: allowed), allowed: allowed)
            }
            result[key] = node
        }
        return result
    }

    /// `true` when the value is `null`.
    var isNull: Bool { value == .null }

    /// A string.
    func string(_ expectation: String = "a string") throws(ConfigurationError) -> String {
        guard case let .string(text) = value else { throw invalid(expectation) }
        return text
    }

    /// A non-empty string.
    func nonEmptyString() throws(ConfigurationError) -> String {
        let text = try string("a non-empty string")
        guard !text.isEmpty else { throw invalid("a non-empty string") }
        return text
    }

    /// A boolean.
    func bool() throws(ConfigurationError) -> Bool {
        guard case let .bool(flag) = value else { throw invalid("true or false") }
        return flag
    }

    /// An integer in `range`.
    func integer(in range: ClosedRange<Int>, _ expectation: String) throws(ConfigurationError) -> Int {
        guard case let .number(_, integer?) = value, range.contains(integer) else { throw invalid(expectation) }
        return integer
    }

    /// A number in `range`; `expectation` names it in the message.
    func number(in range: ClosedRange<Double>, _ expectation: String) throws(ConfigurationError) -> Double {
        guard case let .number(number, _) = value, range.contains(number) else { throw invalid(expectation) }
        return number
    }

    /// A number of seconds: positive and at most `maximum`.
    func seconds(maximum: Double) throws(ConfigurationError) -> Double {
        guard case let .number(number, _) = value, number > 0 else { throw invalid("a positive number of seconds") }
        guard number <= maximum else { throw invalid("at most \(Self.format(maximum)) seconds") }
        return number
    }

    /// The elements of an array, each with its `[index]` path.
    func elements() throws(ConfigurationError) -> [ConfigNode] {
        guard case let .array(items) = value else { throw invalid("an array") }
        return items.enumerated().map { ConfigNode(value: $1, path: "\(path)[\($0)]", file: file) }
    }

    /// An array of strings.
    func strings() throws(ConfigurationError) -> [String] {
        guard case .array = value else { throw invalid("an array of strings") }
        var result: [String] = []
        for element in try elements() {
            result.append(try element.string())
        }
        return result
    }

    /// A command line: a non-empty array of strings whose first element is not empty.
    func argv() throws(ConfigurationError) -> [String] {
        guard case let .array(items) = value, !items.isEmpty else {
            throw invalid("a non-empty array of strings (the program and its arguments)")
        }
        let words = try strings()
        guard let program = words.first, !program.isEmpty else {
            throw problem("the program (the first element) must not be empty")
        }
        return words
    }

    /// An object of string values: environment variables.
    func environment() throws(ConfigurationError) -> [String: String] {
        guard case let .object(pairs) = value else { throw invalid("an object of string values") }
        var result: [String: String] = [:]
        for pair in pairs {
            let (key, node) = (pair.key, child(pair.key, pair.value))
            guard !key.isEmpty, !key.contains("="), !key.contains("\0") else {
                throw node.problem("not a valid environment variable name")
            }
            result[key] = try node.string()
        }
        return result
    }

    /// `number` without a needless `.0`.
    static func format(_ number: Double) -> String {
        if let integer = Int(exactly: number) { return String(integer) }
        return String(number)
    }

    /// The entry of `candidates` closest to `key` by edit distance (case-insensitive), when
    /// it is close enough to be a likely typo.
    static func closest(to key: String, in candidates: [String]) -> String? {
        let typed = Array(key.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(typed, Array(candidate.lowercased()))
            let threshold = max(2, candidate.count / 3)
            guard distance <= threshold else { continue }
            if let current = best, current.1 <= distance { continue }
            best = (candidate, distance)
        }
        return best?.0
    }

    /// Levenshtein distance.
    static func editDistance(_ left: [Character], _ right: [Character]) -> Int {
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var previous = Array(0...right.count)
        for (row, leftCharacter) in left.enumerated() {
            var current = [row + 1] + Array(repeating: 0, count: right.count)
            for (column, rightCharacter) in right.enumerated() {
                let cost = leftCharacter == rightCharacter ? 0 : 1
                current[column + 1] = min(previous[column + 1] + 1, current[column] + 1, previous[column] + cost)
            }
            previous = current
        }
        return previous[right.count]
    }
}

//===----------------------------------------------------------------------===//
// ConfigJSONParser.swift: the configuration file through the one strict JSON reader.
//===----------------------------------------------------------------------===//

import GateCore

/// Reads the configuration file with GateText's ``JSONReader`` (strict RFC 8259: duplicate keys
/// refused, nesting limited) into a ``JSONValue``, with line and column in every error.
enum ConfigJSONParser {
    /// Why the text is not JSON, and where.
    struct Failure: Error, Equatable {
        /// The line, from 1.
        var line: Int
        /// The column in characters, from 1.
        var column: Int
        /// What is wrong, and in which value, e.g. `expected ',' or '}' after a member, found '1' (in suites[0])`.
        var problem: String
    }

    /// The deepest nesting accepted.
    static let maximumDepth = 64

    /// Parses `bytes` as one JSON value with nothing but blanks around it, and where each key
    /// and value begins (so the rules applied later can say where, as a syntax error does).
    static func parse(_ bytes: [UInt8]) throws(Failure) -> (value: JSONValue, positions: JSONPositions) {
        do throws(JSONReadError) {
            return try JSONReader.readRecordingPositions(bytes, limits: JSONReader.Limits(maximumDepth: maximumDepth))
        } catch {
            let place = error.path.isEmpty ? "" : " (in \(error.path))"
            throw Failure(line: error.line, column: error.column, problem: error.message + place)
        }
    }
}

//===----------------------------------------------------------------------===//
// GateConfiguration+Parse.swift: the configuration text through the strict reader and decoder.
//===----------------------------------------------------------------------===//

import GateCore

extension GateConfiguration {
    /// Parses configuration text: the strict reader, the secret check, then the configuration
    /// types' own `init(from:)` through the strict decoder.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (UTF-8 JSON).
    ///   - file: how messages name the file, e.g. `acceptance-gate.json`.
    /// - Throws: ``ConfigurationError`` naming the line and column of malformed JSON, the key
    ///   path of a token-like string (``ConfigSecrets``), or of an unknown key or a bad value.
    package static func parse(_ bytes: [UInt8], file: String) throws(ConfigurationError) -> GateConfiguration {
        let parsed: (value: JSONValue, positions: JSONPositions)
        do {
            parsed = try ConfigJSONParser.parse(bytes)
        } catch {
            throw .malformedJSON(file: file, line: error.line, column: error.column, problem: error.problem)
        }
        // First: every later rule may quote a value in its message.
        do {
            try ConfigSecrets.refuse(in: parsed.value, text: bytes, positions: parsed.positions, file: file)
        } catch {
            throw error.located(in: parsed.positions)
        }
        do {
            return try JSONValueDecoder().decode(GateConfiguration.self, from: parsed.value)
        } catch {
            throw ConfigProblem.from(error).configurationError(file: file, root: parsed.value).located(in: parsed.positions)
        }
    }
}

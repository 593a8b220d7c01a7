//===----------------------------------------------------------------------===//
// ConfigSecrets.swift: a configuration that holds a secret is refused before anything reads it.
//===----------------------------------------------------------------------===//

import GateCore
import TokenScan

/// Refuses a configuration with a token-like string anywhere in it, a key or a value.
///
/// The configuration is committed with the repository, printed by `config`, and copied into
/// every report: a secret in it is leaked already, and the gate must not spread it further. So it
/// is checked first, before any other rule could quote a value in its message, with the gate's
/// own scanner and the allowlist the configuration itself gives (`scan.allow`, and the fixture's
/// placeholder): every key and string value as JSON decodes it, then the file's text as a whole,
/// where the rules that need a key's name beside the value (`AWS_SECRET_ACCESS_KEY`, `*_PASSWORD`)
/// see both, as the report's redactor does.
enum ConfigSecrets {
    /// Throws ``ConfigurationError/secretInConfiguration(file:keyPath:rule:variable:)`` for the
    /// first token-like string in `json` (read from `text`, with its `positions`).
    static func refuse(in json: JSONValue, text: [UInt8], positions: JSONPositions, file: String) throws(ConfigurationError) {
        let scanner = TokenScanner(
            configuration: ScanConfiguration(
                allow: ConfigScan().allow + allowList(json), fingerprintKey: ScanConfiguration.randomFingerprintKey()))
        try walk(json, path: "", file: file, scanner: scanner)
        guard let finding = scanner.scan(bytes: text, displayPath: file).findings.first else { return }
        // The keys are clean by now (the walk checked them), so the path names no secret.
        let path = finding.byteRange.flatMap { positions.path(at: $0.lowerBound) } ?? "(the file)"
        throw .secretInConfiguration(file: file, keyPath: path, rule: finding.rule.id, variable: variable(at: path))
    }

    /// The strings of `scan.allow`, when it is a list (its type is checked later, with the rest).
    private static func allowList(_ json: JSONValue) -> [String] {
        guard case .array(let items)? = json["scan"]?["allow"] else { return [] }
        return items.compactMap(\.string)
    }

    private static func walk(_ value: JSONValue, path: String, file: String, scanner: TokenScanner) throws(ConfigurationError) {
        switch value {
        case .string(let text):
            if let rule = secret(in: text, scanner: scanner) {
                throw .secretInConfiguration(file: file, keyPath: path, rule: rule, variable: variable(at: path))
            }
        case .array(let items):
            for (index, item) in items.enumerated() {
                try walk(item, path: "\(path)[\(index)]", file: file, scanner: scanner)
            }
        case .object(let members):
            for member in members {
                // A key that is a secret is never shown, not even as part of a path.
                if let rule = secret(in: member.key, scanner: scanner) {
                    let withheld = path.isEmpty ? "(a key)" : "\(path).(a key)"
                    throw .secretInConfiguration(file: file, keyPath: withheld, rule: rule, variable: nil)
                }
                try walk(member.value, path: path.isEmpty ? member.key : "\(path).\(member.key)", file: file, scanner: scanner)
            }
        case .null, .bool, .number:
            return
        }
    }

    /// The rule of the first token-like string in `text`, or `nil`.
    private static func secret(in text: String, scanner: TokenScanner) -> String? {
        scanner.scan(bytes: Array(text.utf8), displayPath: "value").findings.first?.rule.id
    }

    /// Under `env`, the key is the variable the suite reads: the CI's secret store can set it instead.
    private static func variable(at path: String) -> String? {
        let parts = path.split(separator: ".")
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix("env") else { return nil }
        return parts.last.map(String.init)
    }
}

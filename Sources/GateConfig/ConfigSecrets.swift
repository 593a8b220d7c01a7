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
/// placeholder).
enum ConfigSecrets {
    /// Throws ``ConfigurationError/secretInConfiguration(file:keyPath:rule:variable:)`` for the
    /// first token-like string in `json`, in document order.
    static func refuse(in json: JSONValue, file: String) throws(ConfigurationError) {
        let scanner = TokenScanner(
            configuration: ScanConfiguration(
                allow: ConfigScan().allow + allowList(json), fingerprintKey: ScanConfiguration.randomFingerprintKey()))
        try walk(json, path: "", file: file, scanner: scanner)
    }

    /// The strings of `scan.allow`, when it is a list (its type is checked later, with the rest).
    private static func allowList(_ json: JSONValue) -> [String] {
        guard case .array(let items)? = json["scan"]?["allow"] else { return [] }
        return items.compactMap(\.string)
    }

    private static func walk(_ value: JSONValue, path: String, file: String, scanner: TokenScanner) throws(ConfigurationError) {
        switch value {
        case .string(let text):
            try check(text, at: path, file: file, scanner: scanner)
        case .array(let items):
            for (index, item) in items.enumerated() {
                try walk(item, path: "\(path)[\(index)]", file: file, scanner: scanner)
            }
        case .object(let members):
            for member in members {
                let child = path.isEmpty ? member.key : "\(path).\(member.key)"
                try check(member.key, at: child, file: file, scanner: scanner)
                try walk(member.value, path: child, file: file, scanner: scanner)
            }
        case .null, .bool, .number:
            return
        }
    }

    private static func check(_ text: String, at path: String, file: String, scanner: TokenScanner) throws(ConfigurationError) {
        guard let finding = scanner.scan(bytes: Array(text.utf8), displayPath: path).findings.first else { return }
        // Under `env`, the key is the variable the suite reads: the CI's secret store can set it instead.
        let parts = path.split(separator: ".")
        let variable = parts.count >= 2 && parts[parts.count - 2].hasSuffix("env") ? parts.last.map(String.init) : nil
        throw .secretInConfiguration(file: file, keyPath: path, rule: finding.rule.id, variable: variable)
    }
}

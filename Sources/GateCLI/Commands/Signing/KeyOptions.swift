//===----------------------------------------------------------------------===//
// KeyOptions.swift: `--pubkey FILE` and `--key FILE`, declared and loaded one way.
//===----------------------------------------------------------------------===//

import Gate
import GateConfig
import GateSigning

/// The key options of the commands that sign or verify (`run`, `verify`, `merge`, `sign`): one
/// declaration of each flag, and one way to load the key it names, so a key that cannot be read
/// is the same usage error (exit 2) in every command. Each command gives its own help sentence:
/// the key is the same, what the command does with it is not.
package enum KeyOptions {
    /// The environment variable the private key's PEM text may come from instead of `--key`.
    package static let signingKeyVariable = ConfigSigning.keyVariable

    /// `--pubkey FILE`, required: the Ed25519 public key (PEM `PUBLIC KEY`) signatures are checked with.
    package static func pubkey(help: String) -> OptionSpec {
        OptionSpec.value("pubkey", kind: .text, valueName: "file", isRequired: true, help: help)
    }

    /// `--key FILE`: the Ed25519 private key (PEM `PRIVATE KEY`) that signs.
    package static func key(help: String) -> OptionSpec {
        OptionSpec.value("key", kind: .text, valueName: "file", help: help)
    }

    /// The public key in the PEM file `path`.
    ///
    /// - Throws: ``CommandLineError/invalidInput(_:)`` (exit 2) saying why it cannot be used.
    static func publicKey(file path: String) throws(CommandLineError) -> PublicKey {
        do {
            return try PublicKey.load(pemFile: path)
        } catch {
            throw .invalidInput(error.description)
        }
    }

    /// The private key in the PEM file `path`, else in ``signingKeyVariable``; `nil` when neither
    /// is given.
    ///
    /// - Throws: ``CommandLineError/invalidInput(_:)`` (exit 2) saying why it cannot be used.
    static func signingKey(file path: String?, environment: [String: String]) throws(CommandLineError) -> SigningKey? {
        do {
            if let path {
                return try SigningKey.load(pemFile: path)
            }
            return try SigningKey.load(environmentVariable: signingKeyVariable, environment: environment)
        } catch {
            throw .invalidInput(error.description)
        }
    }
}

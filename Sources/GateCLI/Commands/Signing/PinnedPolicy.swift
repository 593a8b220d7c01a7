//===----------------------------------------------------------------------===//
// PinnedPolicy.swift: what the deploying side pins: the configuration's digest, the signer's key.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateSigning

/// The options with which the deploying side pins what the change must not choose: the SHA-256
/// of the configuration the runs used (`--require-config SHA256`, or `--require-config-file FILE`
/// holding it, as `sha256sum` prints it), for `merge` the keyid of the key the shards are
/// verified with (`--require-keyid HEX`), and the commit under test (`--require-commit SHA`).
package enum PinnedPolicy {
    /// `--require-commit SHA`, which `verify`, `merge` and `sign` each declare with their own help:
    /// the value is the same full commit id, what a report of another commit costs is not.
    package static func requireCommit(help: String) -> OptionSpec {
        OptionSpec.value("require-commit", kind: .text, valueName: "sha", help: help)
    }

    /// `--require-config SHA256`.
    package static let requireConfig = OptionSpec.value(
        "require-config", kind: .text, valueName: "sha256",
        help: "Exit 1 unless the run used the configuration with this SHA-256 (64 hex digits, as sha256sum prints it).")

    /// `--require-config-file FILE`.
    package static let requireConfigFile = OptionSpec.value(
        "require-config-file", kind: .text, valueName: "file",
        help: "As --require-config, with the SHA-256 read from FILE (its first word: 'sha256sum acceptance-gate.json > FILE').")

    /// `--require-keyid HEX`.
    package static let requireKeyID = OptionSpec.value(
        "require-keyid", kind: .text, valueName: "hex",
        help: "Exit 3 unless --pubkey is the key with this keyid (the SHA-256 of the raw key verify and keygen print): "
            + "a key file from the change under test cannot stand in for yours.")

    /// The pinned configuration digest (lowercase), `nil` when neither option is given.
    ///
    /// - Throws: ``CommandLineError/invalidValue(option:value:allowed:command:)`` for both options at
    ///   once, a value that is not 64 hex digits, or a file that cannot be read.
    package static func configDigest(_ arguments: ParsedArguments, command: CommandPath) throws(CommandLineError) -> String? {
        let direct = arguments.text(requireConfig)
        let file = arguments.text(requireConfigFile)
        if direct != nil, let file {
            throw .invalidValue(
                option: "--require-config-file", value: file, allowed: "one of --require-config and --require-config-file",
                command: command)
        }
        if let direct {
            guard isSHA256(direct) else {
                throw .invalidValue(
                    option: "--require-config", value: direct, allowed: "64 hex digits, e.g. $(sha256sum acceptance-gate.json)",
                    command: command)
            }
            return direct.lowercased()
        }
        guard let file else { return nil }
        let text: String
        do {
            text = String(decoding: try SafeFile.contents(ofFile: file, limit: 4096), as: UTF8.self)
        } catch {
            throw .invalidValue(
                option: "--require-config-file", value: file, allowed: "a readable file holding the digest (\(error.reason))",
                command: command)
        }
        let word = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).first.map(String.init) ?? ""
        guard isSHA256(word) else {
            throw .invalidValue(
                option: "--require-config-file", value: file,
                allowed: "a file whose first word is the SHA-256 (64 hex digits), as 'sha256sum acceptance-gate.json' prints it",
                command: command)
        }
        return word.lowercased()
    }

    /// The pinned keyid (lowercase), `nil` when not given.
    package static func keyID(_ arguments: ParsedArguments, command: CommandPath) throws(CommandLineError) -> String? {
        guard let text = arguments.text(requireKeyID) else { return nil }
        guard isSHA256(text) else {
            throw .invalidValue(
                option: "--require-keyid", value: text, allowed: "the keyid: 64 hex digits, as 'acceptance-gate verify' prints it",
                command: command)
        }
        return text.lowercased()
    }

    /// Refuses `publicKey` unless it is the one `--require-keyid` pins (`required`; nothing is
    /// pinned when `nil`): the key that verifies decides what is trusted, and one from the change
    /// under test (its own `acceptance-gate.pub`) verifies what the change signed itself.
    ///
    /// - Throws: ``CommandLineError/failed(message:status:)`` with `status`.
    package static func requireKey(_ publicKey: PublicKey, keyID required: String?, status: GateExitStatus) throws(CommandLineError) {
        guard let required, publicKey.keyID.lowercased() != required else { return }
        throw .failed(
            message: "--pubkey '\(publicKey.source)' has keyid \(publicKey.keyID), not \(required) (--require-keyid); "
                + "take the verifying key from a CI variable or the base branch, never from the change",
            status: status)
    }

    /// The pinned commit as given, `nil` when `value` is.
    ///
    /// - Parameter example: where the message says a full id comes from, e.g. `$GITHUB_SHA`.
    /// - Throws: ``CommandLineError/invalidValue(option:value:allowed:command:)`` for anything but
    ///   a full commit id: a few hex digits can be matched by a commit made to match them.
    package static func commit(_ value: String?, example: String, command: CommandPath) throws(CommandLineError) -> String? {
        guard let value else { return nil }
        guard [40, 64].contains(value.utf8.count), isHex(value) else {
            throw .invalidValue(
                option: "--require-commit", value: value,
                allowed: "the full commit id: 40 hex digits (64 in a SHA-256 repository), e.g. \(example)", command: command)
        }
        return value
    }

    /// Whether `text` is 64 hex digits.
    static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && isHex(text)
    }

    /// Whether every character of `text` is a hex digit.
    private static func isHex(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
    }
}

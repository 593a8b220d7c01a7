//===----------------------------------------------------------------------===//
// SigningKey+PEM.swift: loading a signing key from a PEM file or text, and writing its PEM.
//===----------------------------------------------------------------------===//

import GateDigest

extension SigningKey {
    /// The default environment variable that may hold the private key's PEM text.
    package static let defaultEnvironmentVariable = "ACCEPTANCE_GATE_SIGNING_KEY"

    /// Loads a PEM `PRIVATE KEY` (PKCS#8 Ed25519) file.
    ///
    /// The file must not be accessible to group or other users (like `ssh` refuses such keys).
    ///
    /// - Throws: ``SigningError/unreadableKey(path:reason:)``, ``SigningError/keyFileTooOpen(path:mode:)``
    ///   or ``SigningError/notAPrivateKey(source:reason:)``.
    package static func load(pemFile path: String) throws(SigningError) -> SigningKey {
        var file = try FileBytes.keyFile(path)
        defer { Sodium.wipe(&file.bytes) }
        guard file.mode & 0o077 == 0 else { throw .keyFileTooOpen(path: path, mode: file.mode) }
        return try load(pem: String(decoding: file.bytes, as: UTF8.self), source: path)
    }

    /// Loads the key from the PEM text in the environment variable `name`, or returns `nil` when
    /// the variable is unset or empty.
    ///
    /// - Throws: ``SigningError/notAPrivateKey(source:reason:)`` naming the variable.
    package static func load(environmentVariable name: String, environment: [String: String]) throws(SigningError) -> SigningKey? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        return try load(pem: text, source: "$" + name)
    }

    /// Parses PEM `PRIVATE KEY` text (PKCS#8 Ed25519, version 1 or 2); `source` names it in messages.
    ///
    /// - Throws: ``SigningError/notAPrivateKey(source:reason:)`` naming what is wrong (another
    ///   key type, an encrypted key, a bad length, an embedded public key that does not match).
    package static func load(pem text: String, source: String) throws(SigningError) -> SigningKey {
        var block: PEMBlock
        do {
            block = try PEMBlock(parsing: text)
        } catch {
            throw .notAPrivateKey(source: source, reason: error.reason)
        }
        defer { Sodium.wipe(&block.der) }
        if let reason = labelProblem(block.label) {
            throw .notAPrivateKey(source: source, reason: reason)
        }
        var parsed: (seed: [UInt8], publicKey: [UInt8]?)
        do {
            parsed = try Ed25519DER.parsePrivateKey(block.der)
        } catch {
            throw .notAPrivateKey(source: source, reason: error.reason)
        }
        defer { Sodium.wipe(&parsed.seed) }
        let key = try SigningKey(seed: parsed.seed)
        if let embedded = parsed.publicKey, embedded != key.publicKey.raw {
            throw .notAPrivateKey(source: source, reason: "its embedded public key does not belong to its seed")
        }
        return key
    }

    /// The private key as PEM `PRIVATE KEY` (PKCS#8 v1, 48 DER bytes), as `openssl genpkey` writes it.
    ///
    /// The text holds the secret: write it only to a file of mode 0600.
    package var privateKeyPEM: String {
        withSeed { seed in
            var der = Ed25519DER.privateKeyDER(seed: seed)
            defer { Sodium.wipe(&der) }
            return PEMBlock(label: "PRIVATE KEY", der: der).text
        }
    }

    /// Why a PEM label is not an unencrypted PKCS#8 private key, or `nil` when it is.
    private static func labelProblem(_ label: String) -> String? {
        switch label {
        case "PRIVATE KEY": nil
        case "ENCRYPTED PRIVATE KEY": "it is encrypted; decrypt it with 'openssl pkey -in KEY -out PLAIN' first"
        case "RSA PRIVATE KEY": "it is an RSA key (PKCS#1)"
        case "EC PRIVATE KEY": "it is an EC (ECDSA) key"
        case "DSA PRIVATE KEY": "it is a DSA key"
        case "OPENSSH PRIVATE KEY": "it is in OpenSSH's own format"
        case "PUBLIC KEY": "it is a public key; pass the private key (.key) instead"
        default: "the PEM block is '\(label)', expected 'PRIVATE KEY'"
        }
    }
}

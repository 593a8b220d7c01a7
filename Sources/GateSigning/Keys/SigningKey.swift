//===----------------------------------------------------------------------===//
// SigningKey.swift: an Ed25519 private key held in memory that is zeroed when released.
//===----------------------------------------------------------------------===//

import GateDigest

/// An Ed25519 signing key: libsodium's 64-byte secret key (seed followed by public key) in
/// memory this object owns and zeroes (``Sodium/wipe(_:count:)``) when it is released.
///
/// A class because it owns that memory; immutable after creation, so it may be shared.
package final class SigningKey: @unchecked Sendable {
    /// libsodium's secret key: the 32-byte seed, then the 32-byte public key.
    private let secret: UnsafeMutablePointer<UInt8>
    /// The size of ``secret``.
    private static let secretCount = Ed25519.secretKeyCount
    /// The matching public key.
    package let publicKey: PublicKey

    /// Derives the key pair from a 32-byte seed (RFC 8032 "private key") with `crypto_sign_seed_keypair`.
    ///
    /// - Throws: ``SigningError/invalidKeyLength(what:count:expected:)`` when `seed` is not 32 bytes;
    ///   ``SigningError/sodiumUnavailable``.
    package convenience init(seed: [UInt8]) throws(SigningError) {
        guard seed.count == Ed25519.seedCount else {
            throw .invalidKeyLength(what: "seed", count: seed.count, expected: Ed25519.seedCount)
        }
        try self.init(derivingFrom: seed)
    }

    /// Derives the pair from a seed already checked to be 32 bytes.
    private init(derivingFrom seed: [UInt8]) throws(SigningError) {
        guard Sodium.isReady else { throw .sodiumUnavailable }
        let secret = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.secretCount)
        secret.initialize(repeating: 0, count: Self.secretCount)
        let raw = Ed25519.keyPair(seed: seed, secret: secret)
        self.secret = secret
        self.publicKey = PublicKey(exactly32: raw, source: "the signing key's public key")
    }

    deinit {
        Sodium.wipe(secret, count: Self.secretCount)
        secret.deallocate()
    }

    /// A new key from libsodium's random source.
    ///
    /// - Throws: ``SigningError/sodiumUnavailable``.
    package static func generate() throws(SigningError) -> SigningKey {
        guard Sodium.isReady else { throw .sodiumUnavailable }
        var seed = Sodium.randomBytes(count: Ed25519.seedCount)
        defer { Sodium.wipe(&seed) }
        return try SigningKey(derivingFrom: seed)
    }

    /// The 64-byte Ed25519 signature of `message` (`crypto_sign_detached`).
    package func sign(_ message: [UInt8]) -> [UInt8] {
        Ed25519.sign(message, secret: secret)
    }

    /// Calls `body` with the 32-byte seed, zeroing the copy afterwards.
    func withSeed<Result>(_ body: ([UInt8]) -> Result) -> Result {
        var seed = Array(UnsafeBufferPointer(start: secret, count: Ed25519.seedCount))
        defer { Sodium.wipe(&seed) }
        return body(seed)
    }
}

//===----------------------------------------------------------------------===//
// SigningKey.swift: an Ed25519 private key held in memory that is zeroed when released.
//===----------------------------------------------------------------------===//

internal import CSodium
import GateDigest

/// An Ed25519 signing key: libsodium's 64-byte secret key (seed followed by public key) in
/// memory this object owns and zeroes with `sodium_memzero` when it is released.
///
/// A class because it owns that memory; immutable after creation, so it may be shared.
package final class SigningKey: @unchecked Sendable {
    /// libsodium's secret key: the 32-byte seed, then the 32-byte public key.
    private let secret: UnsafeMutablePointer<UInt8>
    /// The size of ``secret``.
    private static let secretCount = Int(crypto_sign_SECRETKEYBYTES)
    /// The matching public key.
    package let publicKey: PublicKey

    /// Derives the key pair from a 32-byte seed (RFC 8032 "private key") with `crypto_sign_seed_keypair`.
    ///
    /// - Throws: ``SigningError/invalidKeyLength(what:count:expected:)`` when `seed` is not 32 bytes;
    ///   ``SigningError/sodiumUnavailable``.
    package convenience init(seed: [UInt8]) throws(SigningError) {
        guard seed.count == Int(crypto_sign_SEEDBYTES) else {
            throw .invalidKeyLength(what: "seed", count: seed.count, expected: Int(crypto_sign_SEEDBYTES))
        }
        try self.init(derivingFrom: seed)
    }

    /// Derives the pair from a seed already checked to be 32 bytes.
    private init(derivingFrom seed: [UInt8]) throws(SigningError) {
        guard Sodium.isReady else { throw .sodiumUnavailable }
        let secret = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.secretCount)
        secret.initialize(repeating: 0, count: Self.secretCount)
        var raw = [UInt8](repeating: 0, count: Int(crypto_sign_PUBLICKEYBYTES))
        _ = crypto_sign_seed_keypair(&raw, secret, seed)
        self.secret = secret
        self.publicKey = PublicKey(exactly32: raw, source: "the signing key's public key")
    }

    deinit {
        sodium_memzero(secret, Self.secretCount)
        secret.deallocate()
    }

    /// A new key from libsodium's random source.
    ///
    /// - Throws: ``SigningError/sodiumUnavailable``.
    package static func generate() throws(SigningError) -> SigningKey {
        guard Sodium.isReady else { throw .sodiumUnavailable }
        var seed = [UInt8](repeating: 0, count: Int(crypto_sign_SEEDBYTES))
        defer { seed.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) } }
        randombytes_buf(&seed, seed.count)
        return try SigningKey(derivingFrom: seed)
    }

    /// The 64-byte Ed25519 signature of `message` (`crypto_sign_detached`).
    package func sign(_ message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: Int(crypto_sign_BYTES))
        message.withUnsafeBufferPointer { messageBuffer in
            _ = crypto_sign_detached(
                &signature, nil, messageBuffer.baseAddress, UInt64(messageBuffer.count), secret)
        }
        return signature
    }

    /// Calls `body` with the 32-byte seed, zeroing the copy afterwards.
    func withSeed<Result>(_ body: ([UInt8]) -> Result) -> Result {
        var seed = Array(UnsafeBufferPointer(start: secret, count: Int(crypto_sign_SEEDBYTES)))
        defer { seed.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) } }
        return body(seed)
    }
}

//===----------------------------------------------------------------------===//
// Ed25519.swift: libsodium's Ed25519 (crypto_sign) for the module that holds keys.
//===----------------------------------------------------------------------===//

import CSodium

/// libsodium's Ed25519 calls, so that this module is the only one that imports libsodium:
/// `GateSigning` keeps the keys (and zeroes them) and calls these.
package enum Ed25519 {
    /// The seed (RFC 8032 "private key"): 32 bytes.
    package static let seedCount = Int(crypto_sign_SEEDBYTES)
    /// A public key: 32 bytes.
    package static let publicKeyCount = Int(crypto_sign_PUBLICKEYBYTES)
    /// libsodium's secret key, the seed followed by the public key: 64 bytes.
    package static let secretKeyCount = Int(crypto_sign_SECRETKEYBYTES)
    /// A signature: 64 bytes.
    package static let signatureCount = Int(crypto_sign_BYTES)

    /// Derives the pair from `seed` (``seedCount`` bytes, checked by the caller) with
    /// `crypto_sign_seed_keypair`: the secret key is written to `secret` (``secretKeyCount``
    /// bytes the caller owns and wipes), the public key is returned.
    package static func keyPair(seed: [UInt8], secret: UnsafeMutablePointer<UInt8>) -> [UInt8] {
        var publicKey = [UInt8](repeating: 0, count: publicKeyCount)
        _ = crypto_sign_seed_keypair(&publicKey, secret, seed)
        return publicKey
    }

    /// The signature of `message` by the secret key at `secret` (`crypto_sign_detached`).
    package static func sign(_ message: [UInt8], secret: UnsafePointer<UInt8>) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: signatureCount)
        message.withUnsafeBufferPointer { buffer in
            _ = crypto_sign_detached(&signature, nil, buffer.baseAddress, UInt64(buffer.count), secret)
        }
        return signature
    }

    /// Whether `signature` is a valid signature of `message` by `publicKey`
    /// (`crypto_sign_verify_detached`); `false` for wrong lengths or an uninitialised libsodium.
    package static func isValid(signature: [UInt8], of message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard Sodium.isReady, signature.count == signatureCount, publicKey.count == publicKeyCount else { return false }
        return message.withUnsafeBufferPointer { buffer in
            crypto_sign_verify_detached(signature, buffer.baseAddress, UInt64(buffer.count), publicKey) == 0
        }
    }
}

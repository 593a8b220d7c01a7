//===----------------------------------------------------------------------===//
// HMACSHA256.swift: incremental HMAC-SHA-256 through libsodium (crypto_auth_hmacsha256).
//===----------------------------------------------------------------------===//

import CSodium

/// An incremental HMAC-SHA-256 (RFC 2104) backed by libsodium; keys of any length.
package struct HMACSHA256: Sendable {
    /// libsodium's running state.
    private var state = crypto_auth_hmacsha256_state()

    /// An authenticator keyed with `key` that has seen no bytes.
    package init(key: some Sequence<UInt8>) {
        _ = Sodium.isReady
        // An empty key still needs a valid pointer; one spare byte gives it one (the length stays exact).
        let keyBytes = Array(key)
        let count = keyBytes.count
        (keyBytes + [0]).withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            _ = crypto_auth_hmacsha256_init(&state, base, count)
        }
    }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        let copy = Array(bytes)
        copy.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            _ = crypto_auth_hmacsha256_update(&state, base, UInt64(buffer.count))
        }
    }

    /// The tag of everything added so far. The authenticator must not be used afterwards.
    package mutating func finalize() -> SHA256Digest {
        var output = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
        _ = crypto_auth_hmacsha256_final(&state, &output)
        return SHA256Digest(bytes: output)
    }

    /// The HMAC-SHA-256 tag of `message` under `key`.
    package static func authenticationCode(for message: some Sequence<UInt8>, key: some Sequence<UInt8>) -> SHA256Digest {
        var authenticator = HMACSHA256(key: key)
        authenticator.update(message)
        return authenticator.finalize()
    }
}

//===----------------------------------------------------------------------===//
// SHA256.swift: incremental SHA-256 through libsodium (crypto_hash_sha256).
//===----------------------------------------------------------------------===//

import CSodium

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An incremental SHA-256 (FIPS 180-4) hasher backed by libsodium.
///
/// ```swift
/// var hasher = SHA256()
/// hasher.update(Array("abc".utf8))
/// hasher.finalize().hex  // "ba7816bf…"
/// ```
package struct SHA256: Sendable {
    /// libsodium's running state.
    private var state = crypto_hash_sha256_state()

    /// A hasher that has seen no bytes.
    package init() {
        _ = Sodium.isReady
        crypto_hash_sha256_init(&state)
    }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        crypto_hash_sha256_update(&state, base.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
    }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { update($0) }
        }
    }

    /// The digest of everything added so far. The hasher must not be used afterwards.
    package mutating func finalize() -> SHA256Digest {
        var output = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
        crypto_hash_sha256_final(&state, &output)
        return SHA256Digest(bytes: output)
    }

    /// The SHA-256 of `bytes`.
    package static func hash(_ bytes: some Sequence<UInt8>) -> SHA256Digest {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The SHA-256 and size of the file at `path`, read in 64 KiB chunks (never loaded whole).
    ///
    /// - Throws: ``GateDigestError/unreadable(path:reason:)`` when the file cannot be opened or read.
    package static func hash(fileAtPath path: String) throws(GateDigestError) -> (digest: SHA256Digest, size: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var size = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            size += count
        }
        return (hasher.finalize(), size)
    }
}

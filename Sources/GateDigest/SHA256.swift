//===----------------------------------------------------------------------===//
// SHA256.swift: incremental SHA-256 through libsodium (crypto_hash_sha256).
//===----------------------------------------------------------------------===//

import CSodium
import GateCore

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

    /// The SHA-256 and size of the regular file at `path`, read in 64 KiB chunks (never loaded
    /// whole), opened through ``SafeFile``: a FIFO, a device, a socket, a directory or a symbolic
    /// link is refused at once rather than waited on or followed.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - folder: when given, the file's real location must be inside it (an archived log must
    ///     be in the out folder, not `/etc/shadow` through a linked folder).
    /// - Throws: ``GateDigestError/unreadable(_:)`` with the ``SafeFileError``.
    package static func hash(
        fileAtPath path: String, within folder: String? = nil
    ) throws(GateDigestError) -> (digest: SHA256Digest, size: Int) {
        do throws(SafeFileError) {
            let file = try SafeFile(path: path, within: folder)
            defer { file.close() }
            var hasher = SHA256()
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
            defer { buffer.deallocate() }
            var size = 0
            while true {
                let count = try file.read(into: buffer)
                if count == 0 { break }
                hasher.update(UnsafeRawBufferPointer(rebasing: buffer.prefix(count)))
                size += count
            }
            return (hasher.finalize(), size)
        } catch {
            throw .unreadable(error)
        }
    }
}

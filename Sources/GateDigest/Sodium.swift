//===----------------------------------------------------------------------===//
// Sodium.swift: libsodium's one-time initialisation, its random source and its wipe.
//===----------------------------------------------------------------------===//

import CSodium

/// libsodium's initialisation, done once per process before the first call that needs it, and
/// the two helpers a holder of secrets needs from it: random bytes and a wipe the compiler keeps.
///
/// `sodium_init()` is thread-safe and idempotent; it fails only when the system has no usable
/// random source, which every other call then reports.
package enum Sodium {
    /// `true` once libsodium is ready (it was initialised now or earlier).
    package static let isReady: Bool = sodium_init() >= 0

    /// `count` bytes from libsodium's random source (`randombytes_buf`); callers check
    /// ``isReady`` first.
    package static func randomBytes(count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, bytes.count)
        return bytes
    }

    /// Zeroes `count` bytes at `pointer` (`sodium_memzero`, which the optimiser does not remove).
    package static func wipe(_ pointer: UnsafeMutableRawPointer?, count: Int) {
        guard let pointer else { return }
        sodium_memzero(pointer, count)
    }

    /// Zeroes every byte of `bytes` in place.
    package static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { wipe($0.baseAddress, count: $0.count) }
    }
}

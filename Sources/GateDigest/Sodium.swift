//===----------------------------------------------------------------------===//
// Sodium.swift: libsodium's one-time initialisation.
//===----------------------------------------------------------------------===//

import CSodium

/// libsodium's initialisation, done once per process before the first call that needs it.
///
/// `sodium_init()` is thread-safe and idempotent; it fails only when the system has no usable
/// random source, which every other call then reports.
package enum Sodium {
    /// `true` once libsodium is ready (it was initialised now or earlier).
    package static let isReady: Bool = sodium_init() >= 0
}

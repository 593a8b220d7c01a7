//===----------------------------------------------------------------------===//
// Locked.swift: a value guarded by a lock.
//===----------------------------------------------------------------------===//

import Foundation

/// A value that is only read or changed while holding a lock. (`Mutex` from Synchronization
/// would need macOS 15 and iOS 18; this module supports macOS 12 and iOS 15.)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Keep `body` short and non-blocking.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

//===----------------------------------------------------------------------===//
// Locked.swift: a value guarded by a lock.
//===----------------------------------------------------------------------===//

internal import Foundation

/// A value that is only read or changed while holding a lock.
///
/// A class with a lock rather than `Mutex` from Synchronization, which needs macOS 15 and iOS 18;
/// the libraries that use this support macOS 13 and iOS 16 (`Package.swift`'s platforms).
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Keep `body` short and non-blocking.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

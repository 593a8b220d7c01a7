// Locked.swift
//
// A value guarded by a lock. (`Mutex` from Synchronization would need macOS 15.)

internal import Foundation

/// A value that is only read or changed while holding a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Wraps `value`.
    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Keep `body` short and non-blocking.
    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

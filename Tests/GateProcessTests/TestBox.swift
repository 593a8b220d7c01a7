// TestBox.swift
//
// A value shared between a test and a helper thread.

import Foundation

/// A lock-guarded optional value that a helper thread sets and the test reads.
final class TestBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    /// Stores `newValue`.
    func set(_ newValue: Value?) {
        lock.lock()
        value = newValue
        lock.unlock()
    }

    /// The stored value, if any.
    func get() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

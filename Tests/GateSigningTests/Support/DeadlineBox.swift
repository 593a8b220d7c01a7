//===----------------------------------------------------------------------===//
// DeadlineBox.swift: a value handed from a worker thread to the test that waits for it.
//===----------------------------------------------------------------------===//

import Foundation

/// The value handed from the worker thread to the test, under a lock.
final class DeadlineBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T?

    func set(_ newValue: T) {
        lock.lock()
        value = newValue
        lock.unlock()
    }

    func get() -> T? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

//===----------------------------------------------------------------------===//
// Locked.swift: a value shared between a test and its helper threads.
//===----------------------------------------------------------------------===//

import Foundation

/// A value shared between a test and a helper thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func get() -> Value {
        lock.withLock { value }
    }

    func set(_ newValue: Value) {
        lock.withLock { value = newValue }
    }

    func update(_ body: (inout Value) -> Void) {
        lock.withLock { body(&value) }
    }
}

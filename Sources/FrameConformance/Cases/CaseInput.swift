//===----------------------------------------------------------------------===//
// CaseInput.swift: a case's input bytes, described rather than copied.
//===----------------------------------------------------------------------===//

/// A case's input, described as a change to a shared base so a million prefixes of a 1 MiB vector
/// cost no copies: bytes are made only while a decoder looks at them.
package struct CaseInput: Sendable {
    /// The bytes this input is made from (shared, copy-on-write).
    package var base: [UInt8]
    /// What is done to `base`.
    package var change: Change

    /// A change to the base bytes.
    package enum Change: Sendable, Equatable {
        /// The base as it is.
        case none
        /// The first `count` bytes.
        case prefix(Int)
        /// The base followed by these bytes.
        case appending([UInt8])
        /// The base with its first byte replaced.
        case firstByte(UInt8)
    }

    /// An input that is exactly `bytes`.
    package init(_ bytes: [UInt8]) {
        base = bytes
        change = .none
    }

    /// An input made by `change` from `base`.
    package init(base: [UInt8], change: Change) {
        self.base = base
        self.change = change
    }

    /// The input's length in bytes.
    package var count: Int {
        switch change {
        case .none, .firstByte: base.count
        case let .prefix(count): min(max(count, 0), base.count)
        case let .appending(extra): base.count + extra.count
        }
    }

    /// Calls `body` with the input's bytes, valid only during the call.
    package func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch change {
        case .none:
            return try base.withUnsafeBytes(body)
        case .prefix:
            let count = count
            return try base.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        case let .appending(extra):
            return try (base + extra).withUnsafeBytes(body)
        case let .firstByte(byte):
            var copy = base
            if !copy.isEmpty { copy[0] = byte }
            return try copy.withUnsafeBytes(body)
        }
    }

    /// The input's bytes as an array (a copy).
    package var bytes: [UInt8] { withBytes { Array($0) } }
}

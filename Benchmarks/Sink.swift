//===----------------------------------------------------------------------===//
// Sink.swift: keeps results alive so the optimiser cannot drop the work.
//===----------------------------------------------------------------------===//

/// An opaque consumer.
enum Sink {
    nonisolated(unsafe) private static var last: UInt64 = 0

    @inline(never)
    static func consume(_ value: UInt64) { last ^= value }
}

//===----------------------------------------------------------------------===//
// FrameTally.swift: what `frames split` has handed out so far.
//===----------------------------------------------------------------------===//

/// The frames `frames split` has handed out: counted for `--summary`, printed otherwise.
struct FrameTally {
    /// Frames handed out.
    private(set) var frames = 0
    /// Their payload bytes.
    private(set) var payloadBytes = 0

    /// Counts one payload and, given an output, prints its `ok <hex>` line.
    @inline(__always)
    mutating func add(_ payload: UnsafeRawBufferPointer, to output: BufferedOutput?) {
        frames += 1
        payloadBytes += payload.count
        output?.writeOKLine(payload: payload)
    }
}

//===----------------------------------------------------------------------===//
// BufferedOutput.swift: the buffered writer in front of standard output.
//===----------------------------------------------------------------------===//

import GateCore

/// A write buffer in front of a ``ByteWriter``, for output that may run to hundreds of megabytes.
///
/// Writes go into one fixed buffer, which is handed to the writer whenever it holds more than
/// ``flushThreshold`` bytes, when it is full, and on ``flush()``. A single write larger than the
/// buffer is passed on in buffer-sized pieces, so memory stays fixed whatever is written.
///
/// Write errors are sticky, like `ferror`: the first failure is kept, later writes are dropped,
/// and ``flush()`` or ``checkForFailure()`` throws it. That keeps the write calls (which sit in
/// per-frame callbacks) free of `try`. A class because it owns its storage and is shared by
/// everything that writes to the same stream.
package final class BufferedOutput {
    /// The default buffer size: 256 KiB.
    package static let defaultCapacity = 256 * 1024

    /// Once the buffer holds this many bytes it is written out: 64 KiB.
    package static let flushThreshold = 64 * 1024

    private let writer: any ByteWriter
    private let storage: UnsafeMutableRawPointer
    private let capacity: Int
    private var count = 0

    /// The first write failure, if any; later writes are dropped.
    package private(set) var failure: CommandLineError?

    /// Creates a buffer in front of `writer`.
    ///
    /// - Parameters:
    ///   - writer: where the bytes go.
    ///   - capacity: the buffer size in bytes; raised to at least ``flushThreshold`` plus 4 KiB.
    package init(writer: any ByteWriter, capacity: Int = BufferedOutput.defaultCapacity) {
        self.writer = writer
        self.capacity = max(capacity, Self.flushThreshold + 4096)
        self.storage = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit {
        storage.deallocate()
    }

    /// The bytes written but not yet handed to the writer.
    package var bufferedByteCount: Int { count }

    // MARK: - Writing

    /// Appends raw bytes.
    package func write(_ bytes: UnsafeRawBufferPointer) {
        guard var source = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            if count == capacity { drain() }
            let take = min(capacity - count, remaining)
            (storage + count).copyMemory(from: source, byteCount: take)
            count += take
            source += take
            remaining -= take
        }
        drainIfOverThreshold()
    }

    /// Appends the UTF-8 of `text`.
    package func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `text` and a newline.
    package func writeLine(_ text: String) {
        write(text + "\n")
    }

    /// Appends the lowercase hex of `bytes`.
    package func writeHex(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let total = bytes.count
        var done = 0
        while done < total {
            if capacity - count < 2 { drain() }
            let take = min((capacity - count) / 2, total - done)
            HexCodec.encode(source + done, count: take, into: storage + count)
            count += 2 * take
            done += take
        }
        drainIfOverThreshold()
    }

    /// Appends one answer line: `ok <hex payload>`, or just `ok` for an empty payload.
    ///
    /// This is the per-frame path of `frames split`: a line that fits is encoded straight into
    /// the buffer with no intermediate string.
    package func writeOKLine(payload: UnsafeRawBufferPointer) {
        let needed = 4 + 2 * payload.count
        if needed > capacity - count { drain() }
        if needed <= capacity - count {
            appendByte(UInt8(ascii: "o"))
            appendByte(UInt8(ascii: "k"))
            if let source = payload.baseAddress?.assumingMemoryBound(to: UInt8.self), payload.count > 0 {
                appendByte(UInt8(ascii: " "))
                HexCodec.encode(source, count: payload.count, into: storage + count)
                count += 2 * payload.count
            }
            appendByte(UInt8(ascii: "\n"))
            drainIfOverThreshold()
        } else {
            write(payload.isEmpty ? "ok" : "ok ")
            writeHex(payload)
            write("\n")
        }
    }

    // MARK: - Flushing

    /// Hands everything buffered to the writer.
    ///
    /// - Throws: the first write failure since the buffer was created.
    package func flush() throws(CommandLineError) {
        drain()
        try checkForFailure()
    }

    /// Throws the first write failure, if there was one, without writing anything.
    ///
    /// Long-running commands call this between chunks so a closed pipe stops them early.
    package func checkForFailure() throws(CommandLineError) {
        if let failure { throw failure }
    }

    // MARK: - Internals

    /// Appends one byte; the caller has checked there is room.
    @inline(__always)
    private func appendByte(_ byte: UInt8) {
        storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    @inline(__always)
    private func drainIfOverThreshold() {
        if count >= Self.flushThreshold { drain() }
    }

    /// Writes out the buffer and empties it; after a failure the bytes are dropped.
    private func drain() {
        defer { count = 0 }
        guard count > 0, failure == nil else { return }
        do {
            try writer.write(UnsafeRawBufferPointer(start: storage, count: count))
        } catch {
            failure = error
        }
    }
}

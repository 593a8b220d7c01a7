//===----------------------------------------------------------------------===//
// StreamFramer.swift: cuts a byte stream into frames as chunks arrive.
//===----------------------------------------------------------------------===//

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Cuts a stream of back-to-back frames into whole frames, one chunk at a time.
///
/// Feed it bytes in whatever chunks they arrive and take out whole frames:
///
/// ```swift
/// var framer = StreamFramer()
/// for chunk in socketReads {
///     try framer.feed(chunk) { payload in handle(payload) }
/// }
/// try framer.finish()   // throws .truncated if the stream stopped inside a frame
/// ```
///
/// - A partial frame is not an error: it is kept until the rest arrives.
/// - A bad version byte is rejected as soon as that byte arrives, and a length over the limit as soon
///   as the 5-byte header is complete, before any payload is read.
/// - Frames that lie wholly inside a chunk are handed out as views into that chunk, with no copy.
///   Only the unfinished frame at the end of a chunk is copied, so the framer never holds more than
///   one frame (`limit + 5` bytes) beyond the chunk being fed.
/// - After an error the framer is spent: every later call throws the same error.
public struct StreamFramer: Sendable {
    /// The largest payload accepted, in bytes.
    public let limit: Int

    /// The unfinished frame: header bytes first, then payload bytes; never more than `limit + 5`.
    private var pending: [UInt8] = []

    /// The size of the unfinished frame once its header is complete.
    private var pendingFrameSize: Int?

    /// The error that ended the stream, if any.
    private var failure: FrameError?

    /// Creates a framer.
    ///
    /// - Parameter limit: the largest payload accepted, in bytes; at most ``FrameFormat/maximumLimit``.
    ///   A limit outside ``FrameFormat/limitRange`` is a programming error and traps.
    public init(limit: Int = FrameFormat.defaultLimit) {
        self.limit = FrameFormat.checkedLimit(limit)
    }

    /// The bytes of an unfinished frame that the framer holds, waiting for the rest.
    public var bufferedByteCount: Int { pending.count }

    /// Whether the framer sits exactly between two frames (nothing buffered, no error).
    public var isAtFrameBoundary: Bool { pending.isEmpty && failure == nil }

    // MARK: - Feeding

    /// Feeds one chunk and hands every frame it completes to `onFrame`, in order.
    ///
    /// - Parameters:
    ///   - chunk: the next bytes of the stream, of any size (including zero).
    ///   - onFrame: called once per completed frame with its payload; the buffer is valid only
    ///     during the call.
    /// - Throws: ``FrameError/version(expected:found:)`` or ``FrameError/oversized(expected:found:)``
    ///   when a header is bad. Frames before the bad header have already been handed out.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, onFrame: (UnsafeRawBufferPointer) -> Void) throws(FrameError) {
        if let failure { throw failure }
        do {
            try consume(chunk, onFrame: onFrame)
        } catch {
            failure = error
            pending = []
            pendingFrameSize = nil
            throw error
        }
    }

    /// Feeds one chunk and returns the payloads of the frames it completes.
    ///
    /// - Throws: as ``feed(_:onFrame:)``; the payloads completed before the error are then dropped,
    ///   so use ``feed(_:onFrame:)`` where they matter.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer) throws(FrameError) -> [[UInt8]] {
        var frames: [[UInt8]] = []
        try feed(chunk) { frames.append(Array($0)) }
        return frames
    }

    /// Feeds one chunk and returns the payloads of the frames it completes.
    ///
    /// - Throws: as ``feed(_:)-(UnsafeRawBufferPointer)``.
    public mutating func feed(_ chunk: [UInt8]) throws(FrameError) -> [[UInt8]] {
        try chunk.withUnsafeBytes { buffer in
            Result { () throws(FrameError) in try feed(buffer) }
        }.get()
    }

    /// Feeds one chunk and returns the payloads of the frames it completes.
    ///
    /// - Throws: as ``feed(_:)-(UnsafeRawBufferPointer)``.
    public mutating func feed(_ chunk: Data) throws(FrameError) -> [Data] {
        var frames: [Data] = []
        try chunk.withUnsafeBytes { buffer in
            Result { () throws(FrameError) in try feed(buffer) { frames.append(Data($0)) } }
        }.get()
        return frames
    }

    /// Declares the end of the stream.
    ///
    /// - Throws: ``FrameError/truncated(expected:found:)`` when the stream stopped inside a frame
    ///   (`found` is the number of bytes left over), or the error that ended the stream earlier.
    public func finish() throws(FrameError) {
        if let failure { throw failure }
        guard pending.isEmpty else {
            throw .truncated(expected: pendingFrameSize ?? FrameFormat.headerSize, found: pending.count)
        }
    }

    // MARK: - The state machine

    private mutating func consume(_ chunk: UnsafeRawBufferPointer, onFrame: (UnsafeRawBufferPointer) -> Void) throws(FrameError) {
        var offset = 0
        if !pending.isEmpty {
            offset = try completePending(from: chunk, onFrame: onFrame)
            guard pending.isEmpty else { return }
        }
        let end = chunk.count
        while offset < end {
            let version = chunk[offset]
            guard version == FrameFormat.version else {
                throw .version(expected: FrameFormat.version, found: version)
            }
            guard end - offset >= FrameFormat.headerSize else {
                stash(chunk, from: offset, upTo: end, frameSize: nil)
                return
            }
            let frameSize = try checkedFrameSize(FrameHeader.declaredLength(in: chunk, at: offset))
            guard end - offset >= frameSize else {
                stash(chunk, from: offset, upTo: end, frameSize: frameSize)
                return
            }
            onFrame(UnsafeRawBufferPointer(rebasing: chunk[(offset + FrameFormat.headerSize)..<(offset + frameSize)]))
            offset += frameSize
        }
    }

    /// Moves bytes from the front of `chunk` into the unfinished frame; returns how many it took.
    private mutating func completePending(from chunk: UnsafeRawBufferPointer, onFrame: (UnsafeRawBufferPointer) -> Void) throws(FrameError)
        -> Int
    {
        var offset = 0
        if pendingFrameSize == nil {
            let take = min(FrameFormat.headerSize - pending.count, chunk.count)
            append(chunk, from: 0, upTo: take, frameSize: FrameFormat.headerSize)
            offset = take
            guard pending.count == FrameFormat.headerSize else { return offset }
            let length = pending.withUnsafeBytes { FrameHeader.declaredLength(in: $0, at: 0) }
            pendingFrameSize = try checkedFrameSize(length)
        }
        guard let frameSize = pendingFrameSize else { return offset }
        let take = min(frameSize - pending.count, chunk.count - offset)
        append(chunk, from: offset, upTo: offset + take, frameSize: frameSize)
        offset += take
        if pending.count == frameSize {
            pending.withUnsafeBytes { onFrame(UnsafeRawBufferPointer(rebasing: $0[FrameFormat.headerSize...])) }
            pending.removeAll(keepingCapacity: true)
            pendingFrameSize = nil
        }
        return offset
    }

    private func checkedFrameSize(_ length: UInt32) throws(FrameError) -> Int {
        guard let frameSize = FrameHeader.frameSize(declaredLength: length, limit: limit) else {
            throw .oversized(expected: limit + FrameFormat.headerSize, found: FrameHeader.reportedFrameSize(declaredLength: length))
        }
        return frameSize
    }

    /// Starts a new unfinished frame with the tail of `chunk`.
    private mutating func stash(_ chunk: UnsafeRawBufferPointer, from start: Int, upTo end: Int, frameSize: Int?) {
        pendingFrameSize = frameSize
        append(chunk, from: start, upTo: end, frameSize: frameSize ?? FrameFormat.headerSize)
    }

    /// Appends bytes to the unfinished frame, growing its storage geometrically but never past the
    /// frame's own size, so a header that declares a large frame does not allocate it up front.
    private mutating func append(_ chunk: UnsafeRawBufferPointer, from start: Int, upTo end: Int, frameSize: Int) {
        let needed = pending.count + (end - start)
        if needed > pending.capacity {
            pending.reserveCapacity(min(frameSize, max(needed, pending.capacity * 2)))
        }
        pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start..<end]))
    }
}

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
/// - A reader can skip even that copy for the rest of a frame that spans chunks: once the
///   unfinished frame's header is in, ``readMissingPayload(using:onFrame:)`` reads the bytes it
///   still lacks straight into the framer's storage (see ``missingPayloadByteCount``).
/// - After an error the framer is spent: every later call throws the same error.
public struct StreamFramer: Sendable {
    /// The largest payload accepted, in bytes.
    public let limit: Int

    /// Storage for the unfinished frame: its first ``pendingCount`` bytes are the frame so far,
    /// header first. Kept between frames so a stream of large frames allocates it once; it only
    /// grows as a frame needs, and never past `limit + 5` bytes.
    private var pending: [UInt8] = []

    /// How many bytes of ``pending`` hold the unfinished frame; 0 between frames.
    private var pendingCount = 0

    /// The size of the unfinished frame once its header is complete.
    private var pendingFrameSize: Int?

    /// The error that ended the stream, if any.
    private var failure: FrameError?

    /// Bytes the framer has copied over its life: from fed chunks into the unfinished frame, and
    /// when its storage grows. Lets the tests check that a spanning frame is copied once and that
    /// bytes read in place are not copied at all.
    private(set) var copiedByteCount = 0

    /// Creates a framer.
    ///
    /// - Parameter limit: the largest payload accepted, in bytes; at most ``FrameFormat/maximumLimit``.
    ///   A limit outside ``FrameFormat/limitRange`` is a programming error and traps.
    public init(limit: Int = FrameFormat.defaultLimit) {
        self.limit = FrameFormat.checkedLimit(limit)
    }

    /// The bytes of an unfinished frame that the framer holds, waiting for the rest.
    public var bufferedByteCount: Int { pendingCount }

    /// Whether the framer sits exactly between two frames (nothing buffered, no error).
    public var isAtFrameBoundary: Bool { pendingCount == 0 && failure == nil }

    /// How many bytes the unfinished frame still lacks, once its header is in; 0 between frames,
    /// inside a header, and after an error. While it is above 0, ``readMissingPayload(using:onFrame:)``
    /// can read those bytes without the copy that feeding them would make.
    public var missingPayloadByteCount: Int {
        guard failure == nil, let frameSize = pendingFrameSize else { return 0 }
        return frameSize - pendingCount
    }

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
            pendingCount = 0
            pendingFrameSize = nil
            throw error
        }
    }

    /// Reads bytes the unfinished frame lacks straight into the framer's storage and, when that
    /// completes the frame, hands its payload to `onFrame`.
    ///
    /// For a frame that spans reads, this replaces reading into a chunk and feeding it: the bytes
    /// land where the frame is kept, so they are never copied. Between frames, inside a header and
    /// after an error (``missingPayloadByteCount`` is 0) it does nothing and returns 0.
    ///
    /// - Parameters:
    ///   - read: called once with room for at most ``missingPayloadByteCount`` bytes; it fills the
    ///     front of that room and returns how many bytes it wrote, 0 at the end of input. Returning
    ///     more than the room, or less than 0, is a programming error and traps.
    ///   - onFrame: called with the payload if the frame is now complete; the buffer is valid only
    ///     during the call.
    /// - Returns: what `read` returned.
    /// - Throws: whatever `read` throws; the framer is then unchanged.
    public mutating func readMissingPayload<Failure: Error>(
        using read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int, onFrame: (UnsafeRawBufferPointer) -> Void
    ) throws(Failure) -> Int {
        let missing = missingPayloadByteCount
        guard missing > 0, let frameSize = pendingFrameSize else { return 0 }
        grow(toHold: pendingCount + missing, frameSize: frameSize)
        let start = pendingCount
        let room = min(missing, pending.count - start)
        // withUnsafeMutableBytes rethrows untyped errors, so the typed one travels in a Result.
        let count = try pending.withUnsafeMutableBytes { storage in
            Result { () throws(Failure) in try read(UnsafeMutableRawBufferPointer(rebasing: storage[start..<(start + room)])) }
        }.get()
        precondition(count >= 0 && count <= room, "readMissingPayload: read returned \(count) for \(room) bytes of room")
        pendingCount += count
        completeIfWhole(frameSize: frameSize, onFrame: onFrame)
        return count
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
        guard pendingCount == 0 else {
            throw .truncated(expected: pendingFrameSize ?? FrameFormat.headerSize, found: pendingCount)
        }
    }

    // MARK: - The state machine

    private mutating func consume(_ chunk: UnsafeRawBufferPointer, onFrame: (UnsafeRawBufferPointer) -> Void) throws(FrameError) {
        var offset = 0
        if pendingCount > 0 {
            offset = try completePending(from: chunk, onFrame: onFrame)
            guard pendingCount == 0 else { return }
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
            let take = min(FrameFormat.headerSize - pendingCount, chunk.count)
            append(chunk, from: 0, upTo: take, frameSize: FrameFormat.headerSize)
            offset = take
            guard pendingCount == FrameFormat.headerSize else { return offset }
            let length = pending.withUnsafeBytes { FrameHeader.declaredLength(in: $0, at: 0) }
            pendingFrameSize = try checkedFrameSize(length)
        }
        guard let frameSize = pendingFrameSize else { return offset }
        let take = min(frameSize - pendingCount, chunk.count - offset)
        append(chunk, from: offset, upTo: offset + take, frameSize: frameSize)
        offset += take
        completeIfWhole(frameSize: frameSize, onFrame: onFrame)
        return offset
    }

    /// Hands out the unfinished frame's payload and starts afresh once all `frameSize` bytes are in.
    private mutating func completeIfWhole(frameSize: Int, onFrame: (UnsafeRawBufferPointer) -> Void) {
        guard pendingCount == frameSize else { return }
        pending.withUnsafeBytes { onFrame(UnsafeRawBufferPointer(rebasing: $0[FrameFormat.headerSize..<frameSize])) }
        pendingCount = 0
        pendingFrameSize = nil
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

    /// Copies bytes from a chunk onto the end of the unfinished frame.
    private mutating func append(_ chunk: UnsafeRawBufferPointer, from start: Int, upTo end: Int, frameSize: Int) {
        let count = end - start
        guard count > 0 else { return }
        grow(toHold: pendingCount + count, frameSize: frameSize)
        let at = pendingCount
        pending.withUnsafeMutableBytes { storage in
            UnsafeMutableRawBufferPointer(rebasing: storage[at..<(at + count)])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: chunk[start..<end]))
        }
        pendingCount += count
        copiedByteCount += count
    }

    /// Makes ``pending`` at least `needed` bytes long (never past `frameSize`).
    ///
    /// It grows geometrically, so a header that declares a large frame does not allocate it up
    /// front, except that a frame of up to ``eagerFrameSize`` bytes gets its whole size at once:
    /// then a frame read in place never moves, and the storage, kept between frames, is allocated
    /// once for a whole stream of such frames.
    private mutating func grow(toHold needed: Int, frameSize: Int) {
        guard needed > pending.count else { return }
        let target =
            frameSize <= Self.eagerFrameSize ? frameSize : min(frameSize, max(needed, 2 * pending.count))
        if target > pending.capacity, !pending.isEmpty {
            // Growing moves what the storage holds to a new allocation.
            copiedByteCount += pending.count
        }
        pending.reserveCapacity(target)
        pending.append(contentsOf: repeatElement(0, count: target - pending.count))
    }

    /// The largest frame whose storage is allocated whole as soon as it is needed: a default-limit
    /// frame, 1 MiB + 5 bytes.
    static let eagerFrameSize = FrameFormat.defaultLimit + FrameFormat.headerSize
}

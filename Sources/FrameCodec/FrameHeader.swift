//===----------------------------------------------------------------------===//
// FrameHeader.swift: reading the 5-byte header from untrusted bytes.
//===----------------------------------------------------------------------===//

/// Reads the frame header. Internal: callers check the version and the byte count first.
enum FrameHeader {
    /// The payload length declared at `offset + 1 ..< offset + 5`, big-endian.
    ///
    /// - Precondition: `offset + FrameFormat.headerSize <= buffer.count` (checked by every caller).
    @inline(__always)
    static func declaredLength(in buffer: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(buffer[offset + 1]) << 24 | UInt32(buffer[offset + 2]) << 16
            | UInt32(buffer[offset + 3]) << 8 | UInt32(buffer[offset + 4])
    }

    /// The whole frame's size for a declared length, or `nil` when it is over `limit`.
    ///
    /// Done in `UInt64` so a 32-bit `Int` cannot overflow on `0xFFFF_FFFF`.
    @inline(__always)
    static func frameSize(declaredLength length: UInt32, limit: Int) -> Int? {
        guard UInt64(length) <= UInt64(limit) else { return nil }
        return Int(length) + FrameFormat.headerSize
    }

    /// The frame size `5 + length` as an `Int`, clamped, for error reports.
    static func reportedFrameSize(declaredLength length: UInt32) -> Int {
        Int(clamping: UInt64(length) + UInt64(FrameFormat.headerSize))
    }

    /// The four header bytes that declare `length`, big-endian.
    static func lengthBytes(_ length: UInt32) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: length >> 24), UInt8(truncatingIfNeeded: length >> 16),
            UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length),
        ]
    }
}

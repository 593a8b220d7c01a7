//===----------------------------------------------------------------------===//
// FrameEncoder.swift: wraps a payload in a frame header.
//===----------------------------------------------------------------------===//

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes payloads as frames: version byte 1, the 4-byte big-endian length, then the payload.
///
/// ```swift
/// let frame = try FrameEncoder().encode([0x00, 0x80, 0xFF])
/// // frame == [0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x80, 0xFF]
/// ```
public struct FrameEncoder: Sendable {
    /// The largest payload accepted, in bytes.
    public let limit: Int

    /// Creates an encoder.
    ///
    /// - Parameter limit: the largest payload accepted, in bytes; at most ``FrameFormat/maximumLimit``.
    ///   A limit outside ``FrameFormat/limitRange`` is a programming error and traps.
    public init(limit: Int = FrameFormat.defaultLimit) {
        self.limit = FrameFormat.checkedLimit(limit)
    }

    /// The 5-byte header for a payload of `count` bytes.
    ///
    /// - Throws: ``FrameError/oversized(expected:found:)`` when `count` is over the limit.
    public func header(payloadCount count: Int) throws(FrameError) -> [UInt8] {
        guard count >= 0, count <= limit, let length = UInt32(exactly: count) else {
            throw .oversized(expected: limit + FrameFormat.headerSize, found: count &+ FrameFormat.headerSize)
        }
        return [FrameFormat.version] + FrameHeader.lengthBytes(length)
    }

    /// Appends one frame holding `payload` to `output`.
    ///
    /// - Throws: ``FrameError/oversized(expected:found:)`` when the payload is over the limit;
    ///   `output` is then left as it was.
    public func encode(_ payload: UnsafeRawBufferPointer, appendingTo output: inout [UInt8]) throws(FrameError) {
        let header = try header(payloadCount: payload.count)
        output.reserveCapacity(output.count + header.count + payload.count)
        output.append(contentsOf: header)
        output.append(contentsOf: payload)
    }

    /// Encodes one frame holding `payload`.
    ///
    /// - Throws: ``FrameError/oversized(expected:found:)`` when the payload is over the limit.
    public func encode(_ payload: [UInt8]) throws(FrameError) -> [UInt8] {
        var output: [UInt8] = []
        try payload.withUnsafeBytes { buffer in
            Result { () throws(FrameError) in try encode(buffer, appendingTo: &output) }
        }.get()
        return output
    }

    /// Encodes one frame holding `payload`.
    ///
    /// - Throws: ``FrameError/oversized(expected:found:)`` when the payload is over the limit.
    public func encode(_ payload: Data) throws(FrameError) -> Data {
        var output = Data(try header(payloadCount: payload.count))
        output.append(payload)
        return output
    }
}

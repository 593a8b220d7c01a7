//===----------------------------------------------------------------------===//
// FrameDecoder.swift: decodes exactly one whole frame.
//===----------------------------------------------------------------------===//

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes one whole frame: the input must be exactly one frame, no more and no less.
///
/// The checks run in this order, so every input has exactly one answer:
/// 1. input longer than `limit + 5` → ``FrameError/oversized(expected:found:)``
/// 2. empty input → ``FrameError/truncated(expected:found:)``
/// 3. version byte ≠ 1 → ``FrameError/version(expected:found:)``
/// 4. fewer than 5 bytes → ``FrameError/truncated(expected:found:)``
/// 5. declared length > `limit` → ``FrameError/oversized(expected:found:)`` (from the header alone)
/// 6. fewer payload bytes than declared → ``FrameError/truncated(expected:found:)``
/// 7. more bytes than declared → ``FrameError/trailing(expected:found:)``
///
/// The declared length is compared with the limit and with the bytes present before anything is
/// sliced or allocated, so a hostile length costs nothing.
///
/// ```swift
/// let payload = try FrameDecoder().decode([0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x80, 0xFF])
/// // payload == [0x00, 0x80, 0xFF]
/// ```
public struct FrameDecoder: Sendable {
    /// The largest payload accepted, in bytes.
    public let limit: Int

    /// Creates a decoder.
    ///
    /// - Parameter limit: the largest payload accepted, in bytes; at most ``FrameFormat/maximumLimit``.
    ///   A limit outside ``FrameFormat/limitRange`` is a programming error and traps; validate limits
    ///   that come from configuration first.
    public init(limit: Int = FrameFormat.defaultLimit) {
        self.limit = FrameFormat.checkedLimit(limit)
    }

    /// The largest whole frame accepted, header included: `limit + 5`.
    public var maximumFrameSize: Int { limit + FrameFormat.headerSize }

    /// Checks that `input` is exactly one valid frame and returns where its payload lies.
    ///
    /// - Parameter input: the whole input; nothing is copied.
    /// - Returns: the payload's byte offsets within `input`.
    /// - Throws: ``FrameError`` as described on the type.
    public func payloadRange(in input: UnsafeRawBufferPointer) throws(FrameError) -> Range<Int> {
        let count = input.count
        guard count <= maximumFrameSize else {
            throw .oversized(expected: maximumFrameSize, found: count)
        }
        guard count > 0 else {
            throw .truncated(expected: FrameFormat.headerSize, found: 0)
        }
        let version = input[0]
        guard version == FrameFormat.version else {
            throw .version(expected: FrameFormat.version, found: version)
        }
        guard count >= FrameFormat.headerSize else {
            throw .truncated(expected: FrameFormat.headerSize, found: count)
        }
        let length = FrameHeader.declaredLength(in: input, at: 0)
        guard let frameSize = FrameHeader.frameSize(declaredLength: length, limit: limit) else {
            throw .oversized(expected: maximumFrameSize, found: FrameHeader.reportedFrameSize(declaredLength: length))
        }
        guard count >= frameSize else {
            throw .truncated(expected: frameSize, found: count)
        }
        guard count == frameSize else {
            throw .trailing(expected: frameSize, found: count)
        }
        return FrameFormat.headerSize..<frameSize
    }

    /// Decodes one frame without copying: the payload is a view into `input`.
    ///
    /// - Returns: the payload, valid as long as `input` is.
    /// - Throws: ``FrameError`` as described on the type.
    public func decode(_ input: UnsafeRawBufferPointer) throws(FrameError) -> UnsafeRawBufferPointer {
        let range = try payloadRange(in: input)
        return UnsafeRawBufferPointer(rebasing: input[range])
    }

    /// Decodes one frame from an array.
    ///
    /// - Returns: the payload bytes.
    /// - Throws: ``FrameError`` as described on the type.
    public func decode(_ input: [UInt8]) throws(FrameError) -> [UInt8] {
        let range = try input.withUnsafeBytes { buffer in
            Result { () throws(FrameError) in try payloadRange(in: buffer) }
        }.get()
        return Array(input[range])
    }

    /// Decodes one frame from an array slice.
    ///
    /// - Returns: the payload bytes.
    /// - Throws: ``FrameError`` as described on the type.
    public func decode(_ input: ArraySlice<UInt8>) throws(FrameError) -> [UInt8] {
        let range = try input.withUnsafeBytes { buffer in
            Result { () throws(FrameError) in try payloadRange(in: buffer) }
        }.get()
        let start = input.startIndex
        return Array(input[(start + range.lowerBound)..<(start + range.upperBound)])
    }

    /// Decodes one frame from `Data` (which may be a slice with a non-zero start index).
    ///
    /// - Returns: the payload bytes.
    /// - Throws: ``FrameError`` as described on the type.
    public func decode(_ input: Data) throws(FrameError) -> Data {
        let range = try input.withUnsafeBytes { buffer in
            Result { () throws(FrameError) in try payloadRange(in: buffer) }
        }.get()
        let start = input.startIndex
        return input.subdata(in: (start + range.lowerBound)..<(start + range.upperBound))
    }
}

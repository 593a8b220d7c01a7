//===----------------------------------------------------------------------===//
// FrameVectors.swift: the hand-verified vectors, kept as data.
//===----------------------------------------------------------------------===//

internal import FrameCodec
import GateCore

/// The hand-verified vectors of the frame conformance suite.
///
/// Every byte below was checked by hand against design.md. Nothing here is produced by the encoder
/// under test; the two vectors whose length depends on the limit are checked by a test against the
/// written-out values for the default limit (`00 10 00 00` and `00 10 00 01`).
package enum FrameVectors {
    /// The vectors for a decoder whose payload limit is `limit`.
    package static func handVerified(limit: Int = FrameFormat.defaultLimit) -> [FrameVector] {
        let limitHex = lengthHex(UInt32(clamping: limit))
        let overLimitHex = lengthHex(UInt32(clamping: limit + 1))
        var vectors: [FrameVector] = [
            FrameVector(
                id: "three-byte-payload", summary: "the seed vector: three payload bytes",
                parts: [
                    .init(.version, .hex("01"), "version 1"),
                    .init(.length, .hex("00 00 00 03"), "length 3, big-endian"),
                    .init(.payload, .hex("00 80 ff"), "payload: a zero, a high-bit byte, 0xff"),
                ],
                expected: .payload, limits: 3...FrameFormat.maximumLimit),
            FrameVector(
                id: "empty-payload", summary: "a frame with no payload",
                parts: [
                    .init(.version, .hex("01"), "version 1"),
                    .init(.length, .hex("00 00 00 00"), "length 0"),
                ],
                expected: .payload),
            FrameVector(
                id: "256-byte-payload", summary: "a length that needs the second-lowest byte",
                parts: [
                    .init(.version, .hex("01"), "version 1"),
                    .init(.length, .hex("00 00 01 00"), "length 256 = 0x100, big-endian"),
                    .init(.payload, .counter(count: 256), "payload 00 01 … ff"),
                ],
                expected: .payload, limits: 256...FrameFormat.maximumLimit),
            FrameVector(
                id: "limit-payload", summary: "a payload of exactly the limit",
                parts: [
                    .init(.version, .hex("01"), "version 1"),
                    .init(.length, .hex(limitHex), "length = the limit (\(limit))"),
                    .init(.payload, .counter(count: limit), "payload of \(limit) bytes 00 01 … ff 00 …"),
                ],
                expected: .payload),
            FrameVector(
                id: "limit-plus-one-header-only", summary: "a length of limit + 1, rejected from the header alone",
                parts: [
                    .init(.version, .hex("01"), "version 1"),
                    .init(.length, .hex(overLimitHex), "length = the limit + 1 (\(limit + 1)); no payload follows"),
                ],
                expected: .error(.oversized), limits: 0...(FrameFormat.maximumLimit - 1)),
            FrameVector(
                id: "version-2", summary: "an otherwise valid frame with version 2",
                parts: [
                    .init(.version, .hex("02"), "version 2: unknown"),
                    .init(.length, .hex("00 00 00 03"), "length 3"),
                    .init(.payload, .hex("00 80 ff"), "three payload bytes"),
                ],
                expected: .error(.version), limits: 3...FrameFormat.maximumLimit),
            FrameVector(
                id: "length-ffffffff", summary: "the largest length the field can hold",
                parts: [
                    .init(.version, .hex("01"), "version 1"),
                    .init(.length, .hex("ff ff ff ff"), "length 4,294,967,295: over any limit"),
                ],
                expected: .error(.oversized), limits: 0...(FrameFormat.maximumLimit - 1)),
            FrameVector(
                id: "declared-shorter-than-data", summary: "one byte more than the header declares",
                parts: [
                    .init(.version, .hex("01"), "version 1"),
                    .init(.length, .hex("00 00 00 02"), "length 2"),
                    .init(.payload, .hex("00 80"), "the two declared bytes"),
                    .init(.trailing, .hex("ff"), "one byte past the frame"),
                ],
                expected: .error(.trailing), limits: 3...FrameFormat.maximumLimit),
            FrameVector(
                id: "empty-input", summary: "no bytes at all",
                parts: [],
                expected: .error(.truncated)),
            FrameVector(
                id: "header-cut-short", summary: "the length field cut after two bytes",
                parts: [
                    .init(.version, .hex("01"), "version 1"),
                    .init(.length, .hex("00 00"), "half a length field"),
                ],
                expected: .error(.truncated)),
            FrameVector(
                id: "payload-cut-short", summary: "one payload byte missing",
                parts: [
                    .init(.version, .hex("01"), "version 1"),
                    .init(.length, .hex("00 00 00 03"), "length 3"),
                    .init(.payload, .hex("00 80"), "only two of the three bytes"),
                ],
                expected: .error(.truncated), limits: 3...FrameFormat.maximumLimit),
            FrameVector(
                id: "version-before-length", summary: "a lone bad version byte: version is checked before the size",
                parts: [.init(.version, .hex("02"), "version 2, nothing else")],
                expected: .error(.version)),
        ]
        if limit <= 1 << 24 {  // larger limits would make this vector gigabytes long
            vectors.append(
                FrameVector(
                    id: "input-over-limit-plus-five", summary: "an input longer than limit + 5 is oversized before any other check",
                    parts: [
                        .init(.version, .hex("00"), "version 0 (would be a version error)"),
                        .init(.length, .hex("00 00 00 00"), "length 0"),
                        .init(.trailing, .counter(count: limit + 1), "limit + 1 more bytes: limit + 6 in all"),
                    ],
                    expected: .error(.oversized)))
        }
        return vectors.filter { $0.limits.contains(limit) }
    }

    /// The length field for `length` as spaced hex, e.g. `00 10 00 00`.
    static func lengthHex(_ length: UInt32) -> String {
        [length >> 24, length >> 16, length >> 8, length]
            .map { HexCodec.encode([UInt8(truncatingIfNeeded: $0)]) }
            .joined(separator: " ")
    }
}

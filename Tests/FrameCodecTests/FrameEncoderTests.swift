//===----------------------------------------------------------------------===//
// FrameEncoderTests.swift
//===----------------------------------------------------------------------===//

import Foundation
import Testing

@testable import FrameCodec

@Suite("FrameEncoder")
struct FrameEncoderTests {
    @Test("encodes the hand-verified vectors byte for byte")
    func handVerified() throws {
        let encoder = FrameEncoder()
        #expect(try encoder.encode([0x00, 0x80, 0xFF]) == [0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x80, 0xFF])
        #expect(try encoder.encode([]) == [0x01, 0x00, 0x00, 0x00, 0x00])
        #expect(try Array(encoder.encode([UInt8](repeating: 7, count: 256)).prefix(5)) == [0x01, 0x00, 0x00, 0x01, 0x00])
        #expect(try encoder.header(payloadCount: FrameFormat.defaultLimit) == [0x01, 0x00, 0x10, 0x00, 0x00])
        #expect(try encoder.encode(Data([0xAA])) == Data([0x01, 0x00, 0x00, 0x00, 0x01, 0xAA]))
    }

    @Test("rejects a payload over the limit and leaves the output untouched")
    func overLimit() {
        let encoder = FrameEncoder(limit: 3)
        #expect(throws: FrameError.oversized(expected: 8, found: 9)) { try encoder.encode([1, 2, 3, 4]) }
        var output: [UInt8] = [0xEE]
        #expect(throws: FrameError.oversized(expected: 8, found: 9)) {
            try [UInt8](repeating: 0, count: 4).withUnsafeBytes { try encoder.encode($0, appendingTo: &output) }
        }
        #expect(output == [0xEE])
    }

    @Test("what the encoder writes, the decoder reads back, for every size around the limit")
    func roundTrip() throws {
        let limit = 300
        for count in [0, 1, 2, 255, 256, 257, limit - 1, limit] {
            let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let frame = try FrameEncoder(limit: limit).encode(payload)
            #expect(try FrameDecoder(limit: limit).decode(frame) == payload)
        }
    }
}

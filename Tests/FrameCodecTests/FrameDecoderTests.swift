//===----------------------------------------------------------------------===//
// FrameDecoderTests.swift
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import Testing

@testable import FrameCodec

@Suite("FrameDecoder")
struct FrameDecoderTests {
    let decoder = FrameDecoder()

    @Test("the seed vector 01 00 00 00 03 00 80 ff decodes to 00 80 ff")
    func seedVector() throws {
        #expect(try decoder.decode([0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x80, 0xFF]) == [0x00, 0x80, 0xFF])
    }

    @Test("the empty payload")
    func emptyPayload() throws {
        #expect(try decoder.decode([0x01, 0x00, 0x00, 0x00, 0x00]) == [])
    }

    @Test("a 256-byte payload has length field 00 00 01 00")
    func twoHundredFiftySixBytes() throws {
        let payload = (0..<256).map { UInt8($0) }
        let frame: [UInt8] = [0x01, 0x00, 0x00, 0x01, 0x00] + payload
        #expect(try decoder.decode(frame) == payload)
    }

    @Test("exactly the limit decodes; one byte over is oversized from the header alone")
    func limitBoundary() throws {
        let payload = [UInt8](repeating: 0xAB, count: FrameFormat.defaultLimit)
        #expect(try decoder.decode([0x01, 0x00, 0x10, 0x00, 0x00] + payload) == payload)
        #expect(throws: FrameError.oversized(expected: 1_048_581, found: 1_048_582)) {
            try decoder.decode([0x01, 0x00, 0x10, 0x00, 0x01])
        }
    }

    @Test(
        "errors carry what was expected and what was found, in design.md's order",
        arguments: [
            ([], FrameError.truncated(expected: 5, found: 0)),
            ([0x02], .version(expected: 1, found: 2)),
            ([0x02, 0x00, 0x00, 0x00, 0x03, 0x00, 0x80, 0xFF], .version(expected: 1, found: 2)),
            ([0x00, 0x00, 0x00, 0x00, 0x00], .version(expected: 1, found: 0)),
            ([0x01, 0x00, 0x00], .truncated(expected: 5, found: 3)),
            ([0x01, 0xFF, 0xFF, 0xFF, 0xFF], .oversized(expected: 1_048_581, found: 4_294_967_300)),
            ([0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x00], .oversized(expected: 1_048_581, found: 4_294_967_300)),
            ([0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x80], .truncated(expected: 8, found: 7)),
            ([0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x80, 0xFF], .trailing(expected: 7, found: 8)),
            ([0x01, 0x00, 0x00, 0x00, 0x00, 0x00], .trailing(expected: 5, found: 6)),
        ] as [([UInt8], FrameError)])
    func rejections(input: [UInt8], expected: FrameError) {
        #expect(throws: expected) { try decoder.decode(input) }
    }

    @Test("an input longer than limit + 5 is oversized before anything else is looked at")
    func oversizedInputWins() {
        let small = FrameDecoder(limit: 4)
        // Version 2 and a short declared length, but 10 bytes > 4 + 5: size is checked first.
        #expect(throws: FrameError.oversized(expected: 9, found: 10)) {
            try small.decode([0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00])
        }
        #expect(throws: FrameError.trailing(expected: 6, found: 9)) {
            try small.decode([0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00])
        }
    }

    @Test("limit 0 accepts only the empty payload")
    func zeroLimit() throws {
        let zero = FrameDecoder(limit: 0)
        #expect(try zero.decode([0x01, 0x00, 0x00, 0x00, 0x00]) == [])
        #expect(throws: FrameError.oversized(expected: 5, found: 6)) { try zero.decode([0x01, 0x00, 0x00, 0x00, 0x01]) }
    }

    @Test("Data, slices and raw buffers agree with arrays, including slices that do not start at 0")
    func inputForms() throws {
        let frame: [UInt8] = [0xEE, 0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x80, 0xFF, 0xEE]
        let slice = frame[1..<9]
        #expect(try decoder.decode(slice) == [0x00, 0x80, 0xFF])
        let data = Data(frame)[1..<9]
        #expect(try decoder.decode(data) == Data([0x00, 0x80, 0xFF]))
        let viaBuffer = try frame.withUnsafeBytes { buffer in
            try Array(decoder.decode(UnsafeRawBufferPointer(rebasing: buffer[1..<9])))
        }
        #expect(viaBuffer == [0x00, 0x80, 0xFF])
        #expect(throws: FrameError.trailing(expected: 8, found: 9)) { try decoder.decode(Data(frame)[1..<10]) }
    }

    @Test("10,000 random inputs never trap and every answer is consistent with the format")
    func randomInputs() {
        var rng = SplitMix64(seed: 0x5EED_F4A3)
        let small = FrameDecoder(limit: 64)
        var kinds: [String: Int] = [:]
        for _ in 0..<10_000 {
            let count = Int(rng.next() % 80)
            var input = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if count > 0, rng.next() % 2 == 0 { input[0] = 1 }
            if count >= 5, rng.next() % 2 == 0 { input[1] = 0; input[2] = 0; input[3] = 0; input[4] = UInt8(rng.next() % 80) }
            do {
                let payload = try small.decode(input)
                #expect(input.count == payload.count + 5 && Array(input.dropFirst(5)) == payload)
                kinds["ok", default: 0] += 1
            } catch {
                kinds[error.kind.rawValue, default: 0] += 1
            }
        }
        // The generator is biased so every outcome occurs; a decoder that always threw one kind fails here.
        #expect(Set(kinds.keys) == ["ok", "truncated", "oversized", "version", "trailing"])
    }
}

//===----------------------------------------------------------------------===//
// StreamFramerTests.swift
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import Testing

@testable import FrameCodec

@Suite("StreamFramer")
struct StreamFramerTests {
    /// Three frames back to back, written out by hand: 3 bytes, empty, 256 bytes.
    static let payloads: [[UInt8]] = [[0x00, 0x80, 0xFF], [], (0..<256).map { UInt8($0) }]
    static let stream: [UInt8] =
        [0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x80, 0xFF]
        + [0x01, 0x00, 0x00, 0x00, 0x00]
        + [0x01, 0x00, 0x00, 0x01, 0x00] + (0..<256).map { UInt8($0) }

    /// Feeds `stream` in the given chunk sizes (cycled) and collects the payloads.
    static func split(_ stream: [UInt8], chunks sizes: [Int], limit: Int = FrameFormat.defaultLimit) throws(FrameError) -> (
        frames: [[UInt8]], framer: StreamFramer
    ) {
        var framer = StreamFramer(limit: limit)
        var frames: [[UInt8]] = []
        var offset = 0
        var index = 0
        while offset < stream.count {
            let size = min(max(sizes[index % sizes.count], 0), stream.count - offset)
            index += 1
            frames += try framer.feed(Array(stream[offset..<(offset + size)]))
            offset += size
        }
        return (frames, framer)
    }

    @Test(
        "whole, byte by byte, and in odd chunk sizes, the same frames come out",
        arguments: [[Int.max], [1], [2], [3], [4], [5], [6], [7], [0, 1], [13, 1, 0, 64], [263]])
    func chunkings(sizes: [Int]) throws {
        let (frames, framer) = try Self.split(Self.stream, chunks: sizes)
        #expect(frames == Self.payloads)
        #expect(framer.bufferedByteCount == 0)
        try framer.finish()
    }

    @Test("random chunk sizes over many random frames")
    func randomChunks() throws {
        var rng = SplitMix64(seed: 42)
        let limit = 1_000
        var stream: [UInt8] = []
        var expected: [[UInt8]] = []
        for _ in 0..<300 {
            let count = Int(rng.next() % UInt64(limit + 1))
            let payload = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            stream += [0x01, UInt8(count >> 24 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + payload
            expected.append(payload)
        }
        let sizes = (0..<50).map { _ in Int(rng.next() % 2_500) }
        let (frames, framer) = try Self.split(stream, chunks: sizes, limit: limit)
        #expect(frames == expected)
        #expect(framer.isAtFrameBoundary)
    }

    @Test("a partial frame is 'need more bytes'; finish() then reports what was left")
    func partial() throws {
        var framer = StreamFramer()
        #expect(try framer.feed([0x01, 0x00, 0x00]) == [])
        #expect(framer.bufferedByteCount == 3)
        #expect(throws: FrameError.truncated(expected: 5, found: 3)) { try framer.finish() }
        #expect(try framer.feed([0x00, 0x03, 0x00]) == [])
        #expect(throws: FrameError.truncated(expected: 8, found: 6)) { try framer.finish() }
        #expect(try framer.feed([0x80, 0xFF, 0x01]) == [[0x00, 0x80, 0xFF]])
        #expect(framer.bufferedByteCount == 1)
    }

    @Test("a bad version is rejected as soon as its byte arrives")
    func versionAtOnce() throws {
        var framer = StreamFramer()
        #expect(try framer.feed([0x01, 0x00, 0x00, 0x00, 0x00]) == [[]])
        #expect(throws: FrameError.version(expected: 1, found: 2)) { try framer.feed([0x02]) }
        // Spent: the same error again, whatever comes next.
        #expect(throws: FrameError.version(expected: 1, found: 2)) { try framer.feed([0x01, 0x00, 0x00, 0x00, 0x00]) }
        #expect(throws: FrameError.version(expected: 1, found: 2)) { try framer.finish() }
    }

    @Test("an over-limit length is rejected when the header completes, before any payload")
    func oversizedAtHeader() throws {
        var framer = StreamFramer(limit: 16)
        #expect(try framer.feed([0x01, 0x00, 0x00]) == [])
        #expect(throws: FrameError.oversized(expected: 21, found: 22)) { try framer.feed([0x00, 0x11]) }
        var whole = StreamFramer()
        #expect(throws: FrameError.oversized(expected: 1_048_581, found: 4_294_967_300)) {
            try whole.feed([0x01, 0xFF, 0xFF, 0xFF, 0xFF])
        }
    }

    @Test("frames before a bad header in the same chunk are handed out first")
    func framesBeforeError() {
        var framer = StreamFramer()
        var seen: [[UInt8]] = []
        let chunk: [UInt8] = [0x01, 0x00, 0x00, 0x00, 0x01, 0xAA, 0x07]
        #expect(throws: FrameError.version(expected: 1, found: 7)) {
            try chunk.withUnsafeBytes { try framer.feed($0) { seen.append(Array($0)) } }
        }
        #expect(seen == [[0xAA]])
    }

    @Test("holds at most one frame: a limit-sized frame fed a byte at a time never buffers more")
    func boundedBuffer() throws {
        let limit = 4_096
        var framer = StreamFramer(limit: limit)
        let frame: [UInt8] = [0x01, 0x00, 0x00, 0x10, 0x00] + [UInt8](repeating: 0x5A, count: limit)
        var peak = 0
        var frames = 0
        for round in 0..<3 {
            for byte in frame {
                frames += try framer.feed([byte]).count
                peak = max(peak, framer.bufferedByteCount)
            }
            #expect(frames == round + 1)
        }
        #expect(peak == limit + 4, "the last byte completes the frame, so at most limit + 4 wait")
    }

    /// A frame of `count` payload bytes: header, then bytes counting up from `count`.
    static func frame(payloadCount count: Int) -> (frame: [UInt8], payload: [UInt8]) {
        let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0 &+ count) }
        let header: [UInt8] = [0x01, UInt8(count >> 24 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        return (header + payload, payload)
    }

    @Test("the rest of a spanning frame is read in place: offered exactly what is missing, never copied")
    func readInPlace() throws {
        let (big, payload) = Self.frame(payloadCount: 1_000)
        var framer = StreamFramer()
        // A whole frame, then the big frame's header and 10 payload bytes.
        #expect(try framer.feed(Array(Self.stream.prefix(8) + big.prefix(15))) == [[0x00, 0x80, 0xFF]])
        #expect(framer.missingPayloadByteCount == 990)
        #expect(framer.copiedByteCount == 15, "only the part of the frame that came in the chunk is copied")

        var offered: [Int] = []
        var frames: [[UInt8]] = []
        var offset = 15
        for piece in [400, 590] {
            let count = framer.readMissingPayload(
                using: { room in
                    offered.append(room.count)
                    big[offset..<(offset + piece)].withUnsafeBytes { room.copyMemory(from: $0) }
                    return piece
                }, onFrame: { frames.append(Array($0)) })
            #expect(count == piece)
            offset += piece
        }
        #expect(offered == [990, 590])
        #expect(frames == [payload])
        #expect(framer.copiedByteCount == 15, "the 990 bytes read in place were not copied again")
        #expect(framer.isAtFrameBoundary)
        #expect(framer.missingPayloadByteCount == 0)
        try framer.finish()
    }

    @Test("reading in place does nothing between frames, inside a header, or after an error")
    func readInPlaceOnlyWhenAFrameIsOpen() throws {
        var framer = StreamFramer()
        var calls = 0
        let read: (UnsafeMutableRawBufferPointer) -> Int = { _ in
            calls += 1
            return 0
        }
        #expect(framer.readMissingPayload(using: read, onFrame: { _ in }) == 0)
        #expect(try framer.feed([0x01, 0x00, 0x00]) == [])
        #expect(framer.missingPayloadByteCount == 0)
        #expect(framer.readMissingPayload(using: read, onFrame: { _ in }) == 0)
        var failed = StreamFramer()
        _ = try? failed.feed([0x01, 0x00, 0x00, 0x00, 0x09, 0x01, 0x02])
        #expect(failed.missingPayloadByteCount == 7)
        #expect(throws: FrameError.self) { try failed.feed([0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x02]) }
        #expect(failed.missingPayloadByteCount == 0)
        #expect(failed.readMissingPayload(using: read, onFrame: { _ in }) == 0)
        #expect(calls == 0)
    }

    @Test("a read that fails or hits the end leaves the unfinished frame as it was")
    func readInPlaceFailureAndEnd() throws {
        struct Broken: Error {}
        var framer = StreamFramer()
        #expect(try framer.feed([0x01, 0x00, 0x00, 0x00, 0x04, 0xAA]) == [])
        #expect(throws: Broken.self) {
            try framer.readMissingPayload(using: { (_) throws(Broken) -> Int in throw Broken() }, onFrame: { _ in })
        }
        #expect(framer.bufferedByteCount == 6)
        #expect(framer.readMissingPayload(using: { _ in 0 }, onFrame: { _ in }) == 0)
        #expect(throws: FrameError.truncated(expected: 9, found: 6)) { try framer.finish() }
        // Feeding still works afterwards, and the bytes read in place and fed join up.
        let two = framer.readMissingPayload(
            using: { room in
                room[0] = 0xBB
                room[1] = 0xCC
                return 2
            }, onFrame: { _ in })
        #expect(two == 2)
        #expect(try framer.feed([0xDD, 0x01]) == [[0xAA, 0xBB, 0xCC, 0xDD]])
        #expect(framer.bufferedByteCount == 1)
    }

    @Test("a frame fed across many chunks is copied exactly once, and its storage is kept for the next")
    func spanningFrameCopiedOnce() throws {
        let (big, payload) = Self.frame(payloadCount: 4_096)
        var framer = StreamFramer()
        let stream = big + big + big
        var frames: [[UInt8]] = []
        for start in stride(from: 0, to: stream.count, by: 1_000) {
            frames += try framer.feed(Array(stream[start..<min(start + 1_000, stream.count)]))
        }
        #expect(frames == [payload, payload, payload])
        // Every byte of the three frames crossed a chunk edge or sat in a chunk with one, and each
        // was copied once: no byte moved again when the storage grew or between frames.
        #expect(framer.copiedByteCount == stream.count)
    }

    @Test("Data input yields Data payloads")
    func dataInput() throws {
        var framer = StreamFramer()
        #expect(try framer.feed(Data(Self.stream)) == Self.payloads.map { Data($0) })
    }
}

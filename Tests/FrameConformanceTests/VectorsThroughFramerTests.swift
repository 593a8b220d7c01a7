//===----------------------------------------------------------------------===//
// VectorsThroughFramerTests.swift: every hand-verified vector through the stream framer.
//===----------------------------------------------------------------------===//

import FrameCodec
import Testing

@testable import FrameConformance

/// Every hand-verified vector fed to a `StreamFramer` whole, byte by byte and in random chunk sizes
/// (the NIO verifier's way), with the same answer each time.
@Suite("Vectors through the stream framer")
struct VectorsThroughFramerTests {
    /// What a stream framer must make of a vector: a stream has no "whole input", so a trailing
    /// byte is the start of the next frame (and judged as such), and an input that is too long is
    /// judged by its header.
    enum StreamOutcome: Equatable {
        case frames([[UInt8]], then: FrameError.Kind?)
    }

    static func expected(for vector: FrameVector) -> StreamOutcome? {
        guard let outcome = vector.expectedOutcome else { return nil }
        switch (vector.id, outcome) {
        case let (_, .payload(payload)):
            return .frames([payload], then: nil)
        case ("declared-shorter-than-data", _):
            // 01 00000002 0080 | ff: the frame comes out, then 0xff is a bad version byte.
            return .frames([[0x00, 0x80]], then: .version)
        case ("empty-input", _):
            // No bytes at all is an empty stream: no frames, and nothing left over.
            return .frames([], then: nil)
        case ("input-over-limit-plus-five", _):
            // Starts with version 0: rejected at its first byte, long before its size matters.
            return .frames([], then: .version)
        case let (_, .error(kind)):
            return .frames([], then: kind)
        }
    }

    /// Feeds `input` in `sizes` (cycled), then finishes the stream. With `inPlace`, the rest of
    /// every frame whose header is in is read through `readMissingPayload` (as `frames split`
    /// does) instead of fed, in pieces of the same sizes.
    static func split(_ input: [UInt8], sizes: [Int], limit: Int, inPlace: Bool = false) -> StreamOutcome {
        var framer = StreamFramer(limit: limit)
        var frames: [[UInt8]] = []
        var offset = 0
        var index = 0
        do {
            while offset < input.count {
                let size = min(max(1, sizes[index % sizes.count]), input.count - offset)
                index += 1
                if inPlace, framer.missingPayloadByteCount > 0 {
                    let count = framer.readMissingPayload(
                        using: { room in
                            let count = min(size, room.count)
                            input[offset..<(offset + count)].withUnsafeBytes { room.copyMemory(from: $0) }
                            return count
                        }, onFrame: { frames.append(Array($0)) })
                    offset += count
                    #expect(framer.bufferedByteCount <= limit + FrameFormat.headerSize)
                    continue
                }
                try input.withUnsafeBytes { buffer in
                    try framer.feed(UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + size)])) { frames.append(Array($0)) }
                }
                offset += size
                #expect(framer.bufferedByteCount <= limit + FrameFormat.headerSize)
            }
            try framer.finish()
            return .frames(frames, then: nil)
        } catch let error as FrameError {
            return .frames(frames, then: error.kind)
        } catch {
            Issue.record("the framer threw something other than a FrameError: \(error)")
            return .frames(frames, then: nil)
        }
    }

    @Test("every vector gives the same answer whole, byte by byte and in random chunks", arguments: [300, FrameFormat.defaultLimit])
    func vectors(limit: Int) throws {
        var rng = SystemRandomNumberGenerator()
        for vector in FrameVectors.handVerified(limit: limit) {
            let input = try #require(vector.input)
            let expected = try #require(Self.expected(for: vector))
            let random = (0..<32).map { _ in Int.random(in: 1...4_099, using: &rng) }
            let chunkings: [[Int]] = input.count > 65_536 ? [[Int.max], [7], random] : [[Int.max], [1], [2, 3], random]
            for sizes in chunkings {
                #expect(Self.split(input, sizes: sizes, limit: limit) == expected, "\(vector.id) in chunks of \(sizes.prefix(4))…")
                #expect(
                    Self.split(input, sizes: sizes, limit: limit, inPlace: true) == expected,
                    "\(vector.id) in chunks of \(sizes.prefix(4))…, payloads read in place")
            }
        }
    }

    @Test("all the valid vectors back to back come out in order, whatever the chunking")
    func backToBack() throws {
        let limit = 300
        let valid = FrameVectors.handVerified(limit: limit).filter { $0.expected == .payload }
        let stream = valid.compactMap(\.input).flatMap { $0 }
        let payloads = valid.compactMap(\.expectedOutcome).compactMap { outcome -> [UInt8]? in
            if case let .payload(bytes) = outcome { return bytes }
            return nil
        }
        for sizes in [[1], [4], [5], [6], [13, 1, 300], [Int.max]] {
            #expect(Self.split(stream, sizes: sizes, limit: limit) == .frames(payloads, then: nil), "\(sizes)")
            #expect(Self.split(stream, sizes: sizes, limit: limit, inPlace: true) == .frames(payloads, then: nil), "\(sizes), in place")
        }
    }
}

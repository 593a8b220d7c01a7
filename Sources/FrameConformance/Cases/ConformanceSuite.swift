//===----------------------------------------------------------------------===//
// ConformanceSuite.swift: the hand-verified vectors plus the cases generated from them.
//===----------------------------------------------------------------------===//

internal import FrameCodec

/// The conformance suite: the hand-verified vectors, then the cases generated from the valid ones:
/// every proper prefix, trailing bytes after each, every version byte other than 1, and over-limit
/// lengths.
///
/// Generated cases state their expectation by construction (a proper prefix of a valid frame is
/// truncated; a frame with version `v ≠ 1` is a version error; bytes after a valid frame are trailing,
/// or oversized once the input passes `limit + 5`), never by asking a decoder.
package struct ConformanceSuite: Sendable {
    /// The payload limit the decoder under test is configured with.
    package var limit: Int
    /// Valid frames up to this size get every prefix and every version byte; longer ones get a
    /// sample (the header region, the tail, and evenly spaced cuts), so an external decoder that
    /// reads hex over a pipe is not sent gigabytes.
    package var exhaustiveUpTo: Int

    /// Creates a suite.
    ///
    /// - Parameters:
    ///   - limit: the payload limit.
    ///   - exhaustiveUpTo: the frame size up to which prefixes and version bytes are exhaustive.
    package init(limit: Int = FrameFormat.defaultLimit, exhaustiveUpTo: Int = .max) {
        self.limit = limit
        self.exhaustiveUpTo = exhaustiveUpTo
    }

    /// The hand-verified vectors.
    package var vectors: [FrameVector] { FrameVectors.handVerified(limit: limit) }

    /// Every case, hand-verified first.
    ///
    /// - Throws: ``ConformanceError/malformedVector(id:)`` if a vector's hex is not hex (a bug here).
    package func cases() throws(ConformanceError) -> [ConformanceCase] {
        var cases: [ConformanceCase] = []
        for vector in vectors {
            guard let input = vector.input, let expected = vector.expectedOutcome else {
                throw .malformedVector(id: vector.id)
            }
            cases.append(
                ConformanceCase(vectorID: vector.id, point: Self.point(for: expected), input: CaseInput(input), expected: expected))
            if case .payload = expected {
                generated(from: vector.id, frame: input, into: &cases)
            }
        }
        overLimitLengths(into: &cases)
        return cases
    }

    // MARK: - Generation

    private func generated(from id: String, frame: [UInt8], into cases: inout [ConformanceCase]) {
        for count in prefixLengths(frameSize: frame.count) {
            cases.append(
                ConformanceCase(
                    vectorID: id, point: .truncatedPrefixes,
                    input: CaseInput(base: frame, change: .prefix(count)), expected: .error(.truncated)))
        }
        let trailers: [[UInt8]] = [[0x00], [0x01, 0x00, 0x00, 0x00, 0x00], [0xFF, 0xFF, 0xFF]]
        for extra in trailers {
            let tooLong = frame.count + extra.count > limit + FrameFormat.headerSize
            cases.append(
                ConformanceCase(
                    vectorID: id, point: .trailingBytes,
                    input: CaseInput(base: frame, change: .appending(extra)),
                    expected: .error(tooLong ? .oversized : .trailing)))
        }
        let versions: [UInt8] =
            frame.count <= exhaustiveUpTo
            ? (0...255).filter { $0 != FrameFormat.version }
            : [0x00, 0x02, 0x7F, 0x80, 0xFF]
        for version in versions {
            cases.append(
                ConformanceCase(
                    vectorID: id, point: .rejectedHeaders,
                    input: CaseInput(base: frame, change: .firstByte(version)), expected: .error(.version)))
        }
    }

    /// Every proper prefix length, or a sample of them for a frame over `exhaustiveUpTo`.
    private func prefixLengths(frameSize: Int) -> [Int] {
        guard frameSize > exhaustiveUpTo else { return Array(0..<frameSize) }
        var lengths = Set(0..<min(frameSize, FrameFormat.headerSize + 16))
        lengths.formUnion(max(0, frameSize - 4)..<frameSize)
        let step = max(1, frameSize / 16)
        lengths.formUnion(stride(from: 0, to: frameSize, by: step))
        return lengths.sorted()
    }

    /// Headers that declare more than the limit, alone and with one payload byte.
    private func overLimitLengths(into cases: inout [ConformanceCase]) {
        let candidates: [Int] = [limit + 1, limit + 2, 2 * limit + 1, 0x8000_0000, 0xFFFF_FFFF]
        var seen = Set<UInt32>()
        for declared in candidates where declared > limit {
            guard let length = UInt32(exactly: declared), seen.insert(length).inserted else { continue }
            let header: [UInt8] = [
                FrameFormat.version, UInt8(truncatingIfNeeded: length >> 24), UInt8(truncatingIfNeeded: length >> 16),
                UInt8(truncatingIfNeeded: length >> 8), UInt8(truncatingIfNeeded: length),
            ]
            let id = "length-\(declared)"
            cases.append(ConformanceCase(vectorID: id, point: .rejectedHeaders, input: CaseInput(header), expected: .error(.oversized)))
            cases.append(
                ConformanceCase(
                    vectorID: id, point: .rejectedHeaders,
                    input: CaseInput(base: header, change: .appending([0x00])), expected: .error(.oversized)))
        }
    }

    /// The acceptance point a hand-verified vector proves.
    static func point(for expected: FrameOutcome) -> AcceptancePoint {
        switch expected {
        case .payload: .validFrames
        case .error(.truncated): .truncatedPrefixes
        case .error(.version), .error(.oversized): .rejectedHeaders
        case .error(.trailing): .trailingBytes
        }
    }
}

//===----------------------------------------------------------------------===//
// FrameVector.swift: a hand-verified input and its expected outcome.
//===----------------------------------------------------------------------===//

package import FrameCodec

/// A hand-verified frame vector: input bytes, the meaning of every field, and the expected outcome.
package struct FrameVector: Sendable {
    /// A stable identifier, e.g. `three-byte-payload`.
    package var id: String
    /// One line that says what the vector checks.
    package var summary: String
    /// The input, field by field.
    package var parts: [FrameVectorPart]
    /// What the decoder must answer.
    package var expected: Expectation

    /// The limits for which the hand-written expectation holds (a 256-byte frame is oversized under a
    /// 100-byte limit); a suite leaves out the vectors that do not apply to its limit.
    package var limits: ClosedRange<Int>

    /// The expected outcome, stated by hand.
    package enum Expectation: Sendable, Equatable {
        /// The frame is valid; its payload is the vector's `payload` parts.
        case payload
        /// The input is rejected with this kind.
        case error(FrameError.Kind)
    }

    /// Creates a vector.
    package init(
        id: String, summary: String, parts: [FrameVectorPart], expected: Expectation,
        limits: ClosedRange<Int> = FrameFormat.limitRange
    ) {
        self.id = id
        self.limits = limits
        self.summary = summary
        self.parts = parts
        self.expected = expected
    }

    /// The whole input, or `nil` when a part's hex is malformed.
    package var input: [UInt8]? {
        var bytes: [UInt8] = []
        for part in parts {
            guard let partBytes = part.materialised else { return nil }
            bytes += partBytes
        }
        return bytes
    }

    /// The expected outcome with the payload read off the `payload` parts, or `nil` on malformed hex.
    package var expectedOutcome: FrameOutcome? {
        switch expected {
        case let .error(kind):
            return .error(kind)
        case .payload:
            return expectedPayload.map { .payload($0) }
        }
    }

    /// The bytes of the `payload` parts, or `nil` on malformed hex.
    package var expectedPayload: [UInt8]? {
        var payload: [UInt8] = []
        for part in parts where part.role == .payload {
            guard let bytes = part.materialised else { return nil }
            payload += bytes
        }
        return payload
    }
}

//===----------------------------------------------------------------------===//
// FrameOracle.swift: design.md's decode rules, written out as a plain model.
//===----------------------------------------------------------------------===//

internal import FrameCodec

/// design.md's decode rules written out step by step, as a model independent of `FrameDecoder`.
///
/// The hand-verified vectors and the generated cases state their expectations themselves; the oracle
/// is only asked about the inputs the minimiser invents while it shrinks a counterexample, where no
/// person has written the answer down.
package struct FrameOracle: Sendable {
    /// The payload limit.
    package var limit: Int

    /// Creates an oracle for `limit`.
    package init(limit: Int) { self.limit = limit }

    /// The outcome design.md prescribes for `input`.
    package func expectedOutcome(for input: [UInt8]) -> FrameOutcome {
        if input.count > limit + 5 { return .error(.oversized) }
        guard let version = input.first else { return .error(.truncated) }
        if version != 1 { return .error(.version) }
        if input.count < 5 { return .error(.truncated) }
        var declared = 0
        for byte in input[1..<5] { declared = declared << 8 + Int(byte) }
        if declared > limit { return .error(.oversized) }
        if input.count < 5 + declared { return .error(.truncated) }
        if input.count > 5 + declared { return .error(.trailing) }
        return .payload(Array(input[5...]))
    }
}

//===----------------------------------------------------------------------===//
// FrameMinimizer.swift: shrinks a failing input to the shortest one that fails the same way.
//===----------------------------------------------------------------------===//

internal import FrameCodec

/// Shrinks a failing input to the shortest input that still fails the same way (delta debugging,
/// removing ever smaller runs of bytes), keeping the original.
///
/// "The same way" is a ``FailureSignature``: the expected outcome (from ``FrameOracle``, since the
/// shrunk inputs have no hand-written answer) and the kind the decoder gave. Candidates are asked in
/// batches, so an external decoder is started once per round, not once per candidate.
package struct FrameMinimizer: Sendable {
    /// The model that says what each shrunk input should give.
    package var oracle: FrameOracle
    /// The most candidate inputs one minimisation considers (asks the decoder about, or rules out
    /// with the oracle).
    package var budget: Int
    /// The most candidates asked in one batch.
    package var batchSize: Int
    /// The most bytes of candidates asked in one batch (bounds memory and pipe traffic for megabyte
    /// inputs; a batch always holds at least one candidate).
    package var batchBytes: Int

    /// Creates a minimiser.
    package init(oracle: FrameOracle, budget: Int = 4_096, batchSize: Int = 64, batchBytes: Int = 16 << 20) {
        self.oracle = oracle
        self.budget = budget
        self.batchSize = max(1, batchSize)
        self.batchBytes = max(1, batchBytes)
    }

    /// Shrinks `original`, which `decoder` answered `actual` for.
    ///
    /// - Returns: `nil` when `original` does not fail at all by the oracle's account.
    /// - Throws: ``ConformanceError`` when the decoder cannot be asked.
    package func minimise(_ original: [UInt8], actual: FrameOutcome, decoder: some FrameDecoding) throws(ConformanceError)
        -> MinimisedInput?
    {
        guard let signature = FailureSignature(expected: oracle.expectedOutcome(for: original), actual: actual) else { return nil }
        var current = original
        var granularity = 2
        var evaluations = 0
        while !current.isEmpty, evaluations < budget {
            let runLength = max(1, (current.count + granularity - 1) / granularity)
            let candidates = Candidates(input: current, runLength: runLength)
            let (found, asked) = try firstFailing(candidates, signature: signature, decoder: decoder, allowance: budget - evaluations)
            evaluations += asked
            if let found {
                current = found
                granularity = max(granularity - 1, 2)
            } else if runLength == 1 {
                break
            } else {
                granularity = min(granularity * 2, current.count)
            }
        }
        return MinimisedInput(
            original: original, minimal: current, signature: signature,
            evaluations: evaluations, budgetReached: evaluations >= budget)
    }

    /// The candidates of one round, made one at a time so a megabyte input never has all its
    /// candidates in memory: first every run of `runLength` bytes kept alone, then the input with each
    /// run removed (shorter candidates first); then all of those again with the length field rewritten
    /// so it stands in the same relation to the bytes after it as in `input` (exact, one short, three
    /// over …). Removing payload bytes alone nearly always turns one failure into another (a frame
    /// that was trailing becomes truncated) and stalls plain delta debugging.
    struct Candidates {
        let input: [UInt8]
        let runLength: Int

        /// Bytes after the header minus the declared length, in `input`: 0 for an exact frame,
        /// positive for trailing bytes, negative for missing ones.
        private let lengthSlack: Int64

        init(input: [UInt8], runLength: Int) {
            self.input = input
            self.runLength = runLength
            if input.count >= FrameFormat.headerSize {
                let declared = Int64(input[1]) << 24 | Int64(input[2]) << 16 | Int64(input[3]) << 8 | Int64(input[4])
                lengthSlack = Int64(input.count - FrameFormat.headerSize) - declared
            } else {
                lengthSlack = 0
            }
        }

        var runCount: Int { (input.count + runLength - 1) / runLength }

        /// Shapes of removal per round, before the length-rewritten copies.
        private var plainCount: Int { runCount <= 1 ? (input.isEmpty ? 0 : 1) : runCount * 2 }

        /// A single run has only one shorter candidate: the empty input.
        var count: Int { plainCount * 2 }

        func candidate(at index: Int) -> [UInt8] {
            guard index >= plainCount else { return plain(at: index) }
            var bytes = plain(at: index - plainCount)
            if bytes.count >= FrameFormat.headerSize {
                let length = UInt32(clamping: Int64(bytes.count - FrameFormat.headerSize) - lengthSlack)
                bytes[1] = UInt8(truncatingIfNeeded: length >> 24)
                bytes[2] = UInt8(truncatingIfNeeded: length >> 16)
                bytes[3] = UInt8(truncatingIfNeeded: length >> 8)
                bytes[4] = UInt8(truncatingIfNeeded: length)
            }
            return bytes
        }

        private func plain(at index: Int) -> [UInt8] {
            guard runCount > 1 else { return [] }
            let run = index % runCount
            let start = run * runLength
            let end = min(start + runLength, input.count)
            return index < runCount ? Array(input[start..<end]) : Array(input[..<start] + input[end...])
        }
    }

    /// The first candidate that fails with `signature`, and how many candidates were considered.
    ///
    /// A candidate whose expected outcome (by the oracle) differs from the failure's can never fail
    /// the same way, so it is ruled out without asking the decoder (it still counts against the
    /// budget, which bounds the work of making candidates); a batch also stops growing at
    /// `batchBytes`, so megabyte candidates are sent a few at a time.
    private func firstFailing(
        _ candidates: Candidates, signature: FailureSignature, decoder: some FrameDecoding,
        allowance: Int
    ) throws(ConformanceError) -> ([UInt8]?, Int) {
        var considered = 0
        var index = 0
        while index < candidates.count, considered < allowance {
            var batch: [[UInt8]] = []
            var bytes = 0
            while index < candidates.count, considered < allowance, batch.count < batchSize, bytes < batchBytes {
                let candidate = candidates.candidate(at: index)
                index += 1
                considered += 1
                if FailureSignature.label(oracle.expectedOutcome(for: candidate)) == signature.expected {
                    batch.append(candidate)
                    bytes += candidate.count
                }
            }
            guard !batch.isEmpty else { continue }
            let outcomes = try decoder.outcomes(for: batch.map { CaseInput($0) })
            for (candidate, outcome) in zip(batch, outcomes)
            where FailureSignature(expected: oracle.expectedOutcome(for: candidate), actual: outcome) == signature {
                return (candidate, considered)
            }
        }
        return (nil, considered)
    }
}

//===----------------------------------------------------------------------===//
// FrameDecoding.swift: a decoder the conformance suite can test.
//===----------------------------------------------------------------------===//

/// A decoder under test: built in, or an external command that speaks `frames decode --batch`.
package protocol FrameDecoding: Sendable {
    /// How reports name the decoder.
    var name: String { get }

    /// The decoder's outcome for every input, in order.
    ///
    /// - Throws: ``ConformanceError`` when the decoder cannot be asked (not when it answers wrongly).
    func outcomes(for inputs: [CaseInput]) throws(ConformanceError) -> [FrameOutcome]
}

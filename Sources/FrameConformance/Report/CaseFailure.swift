//===----------------------------------------------------------------------===//
// CaseFailure.swift: one case the decoder got wrong.
//===----------------------------------------------------------------------===//

/// One case the decoder got wrong.
package struct CaseFailure: Sendable {
    /// The case's identifier.
    package var caseID: String
    /// The input, exactly as sent.
    package var input: [UInt8]
    /// What the decoder should have answered.
    package var expected: FrameOutcome
    /// What it answered.
    package var actual: FrameOutcome
}

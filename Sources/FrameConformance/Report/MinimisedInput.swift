//===----------------------------------------------------------------------===//
// MinimisedInput.swift: a counterexample before and after shrinking.
//===----------------------------------------------------------------------===//

/// A counterexample before and after shrinking.
package struct MinimisedInput: Sendable, Equatable {
    /// The failing input exactly as the case gave it.
    package var original: [UInt8]
    /// The shortest input found that fails the same way.
    package var minimal: [UInt8]
    /// How the decoder gets `minimal` wrong.
    package var signature: FailureSignature
    /// How many candidate inputs were considered while shrinking (asked, or ruled out by the oracle).
    package var evaluations: Int
    /// Whether shrinking stopped at its budget rather than at a local minimum.
    package var budgetReached: Bool
}

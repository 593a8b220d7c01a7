//===----------------------------------------------------------------------===//
// FailureSignature.swift: the way a decoder got a case wrong.
//===----------------------------------------------------------------------===//

/// The way a decoder got an input wrong: what it should have answered and what it did, by kind.
/// Two inputs "fail the same way" when their signatures are equal.
package struct FailureSignature: Sendable, Equatable {
    /// `ok` or the expected error kind.
    package var expected: String
    /// `ok`, `ok (wrong payload)`, or the error kind answered.
    package var actual: String

    /// The signature of a wrong answer, or `nil` when the answer is right.
    package init?(expected: FrameOutcome, actual: FrameOutcome) {
        guard expected != actual else { return nil }
        self.expected = Self.label(expected)
        switch (expected, actual) {
        case (.payload, .payload): self.actual = "ok (wrong payload)"
        default: self.actual = Self.label(actual)
        }
    }

    /// `ok` or `error <kind>`: how a signature names an outcome.
    package static func label(_ outcome: FrameOutcome) -> String {
        switch outcome {
        case .payload: "ok"
        case let .error(kind): "error " + kind.rawValue
        }
    }
}

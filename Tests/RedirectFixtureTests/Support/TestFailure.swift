//===----------------------------------------------------------------------===//
// TestFailure.swift: an error a test helper throws with a readable message.
//===----------------------------------------------------------------------===//

/// An error thrown by a test helper; the message says what went wrong.
struct TestFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

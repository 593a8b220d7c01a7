//===----------------------------------------------------------------------===//
// FixtureStartFailure.swift: why the fixture did not start or become ready.
//===----------------------------------------------------------------------===//

/// Why the fixture did not start or become ready: one sentence naming the probe that failed and
/// what the fixture printed last. It becomes a ``GateReport/ReportProblemCode/fixtureNotReady``
/// problem; it never leaves the fixture stage.
struct FixtureStartFailure: Error, CustomStringConvertible {
    /// The sentence.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

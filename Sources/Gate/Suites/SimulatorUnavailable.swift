//===----------------------------------------------------------------------===//
// SimulatorUnavailable.swift: why a suite that tests on a simulator cannot start here.
//===----------------------------------------------------------------------===//

/// Why ``SimulatorEnvironment`` found no simulator: one sentence naming the tool and what to do.
struct SimulatorUnavailable: Error, Equatable {
    /// The sentence.
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

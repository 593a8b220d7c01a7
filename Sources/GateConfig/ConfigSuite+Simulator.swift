//===----------------------------------------------------------------------===//
// ConfigSuite+Simulator.swift: the variable through which a suite asks for an iOS simulator.
//===----------------------------------------------------------------------===//

extension ConfigSuite {
    /// The variable an `xcodebuild test` suite's `-destination` names: the suite `init --ios`
    /// writes reads `$ACCEPTANCE_GATE_IOS_SIMULATOR`, and `run` sets it, when the suite starts,
    /// from the simulators the machine that runs it has. A destination frozen when `init` ran
    /// names the developer's simulator, which a CI runner with another Xcode does not have.
    package static let simulatorVariable = "ACCEPTANCE_GATE_IOS_SIMULATOR"

    /// Whether the command reads ``simulatorVariable`` (only such a suite makes the gate ask `simctl`).
    package var readsSimulatorVariable: Bool {
        arguments.contains { $0.contains(Self.simulatorVariable) }
    }
}

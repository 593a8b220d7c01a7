//===----------------------------------------------------------------------===//
// SimulatorEnvironment.swift: the iOS simulator a suite tests on, chosen when the suite starts.
//===----------------------------------------------------------------------===//

import GateProcess

/// The `-destination` of an `xcodebuild test` suite, resolved on the machine that runs it: the
/// suite `init --ios` writes names `$ACCEPTANCE_GATE_IOS_SIMULATOR`, and the gate sets it from
/// what `xcrun simctl list devices available -j` lists there (the newest iOS runtime's first
/// iPhone, ``SimulatorDestination/choose(simctlJSON:)``). A destination frozen when `init` ran
/// names the developer's simulator, which a CI runner with another Xcode does not have.
package enum SimulatorEnvironment {
    /// The variable the suite's command reads.
    package static let variable = "ACCEPTANCE_GATE_IOS_SIMULATOR"

    /// Whether `command` reads ``variable`` (only such a suite makes the gate ask `simctl`).
    package static func isNeeded(by command: [String]) -> Bool {
        command.contains { $0.contains(variable) }
    }

    /// The destination for ``variable``, or why there is none, as a sentence naming the tool and
    /// what to do.
    static func resolve(supervisor: ProcessSupervisor, variables: [String: String]) -> Result<String, SimulatorUnavailable> {
        let command = ["xcrun", "simctl", "list", "devices", "available", "-j"]
        let result: ProcessResult
        do {
            result = try supervisor.run(ProcessSpec(arguments: command, environment: variables), timeout: .seconds(120))
        } catch {
            return .failure(
                SimulatorUnavailable(
                    "it tests on an iOS simulator ($\(variable)), and 'xcrun simctl' could not run: \(error.description) "
                        + "(simctl comes with Xcode on a Mac; run this suite on macOS)"))
        }
        guard result.status.isSuccess else {
            return .failure(
                SimulatorUnavailable(
                    "it tests on an iOS simulator ($\(variable)), and 'xcrun simctl list devices available' \(result.status.description); "
                        + "check 'xcode-select -p' names an Xcode with the iOS platform installed"))
        }
        guard let destination = SimulatorDestination.choose(simctlJSON: result.stdout) else {
            return .failure(
                SimulatorUnavailable(
                    "it tests on an iOS simulator ($\(variable)), and 'xcrun simctl list devices available' lists no iPhone "
                        + "simulator on this machine; add one in Xcode > Settings > Components (or 'xcrun simctl create')"))
        }
        return .success(destination)
    }
}

//===----------------------------------------------------------------------===//
// SimulatorEnvironment.swift: the iOS simulator a suite tests on, chosen when the suite starts.
//===----------------------------------------------------------------------===//

import GateConfig
import GateProcess
import GatePublishing

/// The `-destination` of an `xcodebuild test` suite that reads `ConfigSuite.simulatorVariable`,
/// resolved on the machine that runs it from what `xcrun simctl list devices available -j` lists
/// there (the newest iOS runtime's first iPhone, ``SimulatorDestination/choose(simctlJSON:)``).
enum SimulatorEnvironment {
    /// The variable the suite's command reads.
    static let variable = ConfigSuite.simulatorVariable

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

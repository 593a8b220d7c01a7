//===----------------------------------------------------------------------===//
// SimulatorDestination.swift: an iOS simulator that exists on the machine, from `simctl`.
//===----------------------------------------------------------------------===//

import GateCore
import GatePublishing

/// The `-destination` of the `xcodebuild test` suite: an iPhone simulator that
/// `xcrun simctl list devices available -j` lists, on the newest iOS runtime; or
/// ``fallback`` where `simctl` cannot be asked (Linux, no Xcode) or lists no iPhone.
package enum SimulatorDestination {
    /// The documented default: the iPhone model every Xcode 16 ships a simulator for.
    package static let fallback = "platform=iOS Simulator,name=iPhone 16"

    /// The destination for the newest iOS runtime's first available iPhone, or `nil`: by its UDID
    /// when `simctl` gives one (the gate asks on the machine that runs the suite, so the UDID is
    /// that machine's, and a name that two runtimes share is not ambiguous), else by name.
    ///
    /// - Parameter simctlJSON: `{"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-18-2": [{"name",
    ///   "udid", "state", "isAvailable", "deviceTypeIdentifier"}, ...], ...}}`.
    package static func choose(simctlJSON: [UInt8]) -> String? {
        guard let object = try? JSONReader.read(simctlJSON, limits: ToolJSON.limits), let runtimes = object["devices"]?.members
        else { return nil }
        var best: (version: [Int], name: String, udid: String?)?
        for runtime in runtimes {
            guard let version = iOSVersion(runtime: runtime.key), let devices = runtime.value.array else { continue }
            let phones = devices.compactMap { device -> (name: String, udid: String?)? in
                guard let name = device["name"]?.string, name.hasPrefix("iPhone") else { return nil }
                if let available = device["isAvailable"]?.bool, !available { return nil }
                if device["availabilityError"] != nil { return nil }
                let udid = device["udid"]?.string.flatMap { $0.allSatisfy { $0.isHexDigit || $0 == "-" } && !$0.isEmpty ? $0 : nil }
                return (name, udid)
            }
            guard let phone = phones.sorted(by: { $0.name < $1.name }).first else { continue }
            if let current = best, !VersionOrder.isGreater(version, than: current.version) { continue }
            best = (version, phone.name, phone.udid)
        }
        return best.map { chosen in chosen.udid.map { "platform=iOS Simulator,id=\($0)" } ?? "platform=iOS Simulator,name=\(chosen.name)" }
    }

    /// `[18, 2]` for `com.apple.CoreSimulator.SimRuntime.iOS-18-2`; `nil` for other platforms.
    package static func iOSVersion(runtime: String) -> [Int]? {
        let prefix = "com.apple.CoreSimulator.SimRuntime.iOS-"
        guard runtime.hasPrefix(prefix) else { return nil }
        let parts = runtime.dropFirst(prefix.count).split(separator: "-")
        let numbers = parts.compactMap { Int($0) }
        return numbers.isEmpty || numbers.count != parts.count ? nil : numbers
    }
}

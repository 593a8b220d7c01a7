//===----------------------------------------------------------------------===//
// ToolchainStamp+Read.swift: running `swift --version` and reading the OS name.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess

extension ToolchainStamp {
    /// The command that prints the Swift version here: `xcrun swift --version` on a Mac, else
    /// `swift --version`.
    package static var defaultSwiftCommand: [String] {
        #if os(macOS)
            return ["xcrun", "swift", "--version"]
        #else
            return ["swift", "--version"]
        #endif
    }

    /// Reads the toolchain stamp by running the Swift compiler (and `xcodebuild -version` on a Mac).
    ///
    /// - Parameters:
    ///   - gateVersion: the gate's own version, recorded as given.
    ///   - environment: the environment the commands run with (their `PATH` finds the toolchain).
    ///   - swiftCommand: the command that prints the version; ``defaultSwiftCommand`` unless testing.
    ///   - timeout: the longest each command may run.
    ///   - supervisor: who runs the commands (the run's, so an interruption stops them).
    /// - Returns: the stamp.
    /// - Throws: ``ToolchainStampError`` when the compiler cannot be started, fails, hangs, or prints
    ///   no version.
    package static func read(
        gateVersion: String,
        environment: [String: String] = ProcessSpec.currentEnvironment,
        swiftCommand: [String] = defaultSwiftCommand,
        timeout: Duration = .seconds(60),
        supervisor: ProcessSupervisor = .standalone
    ) throws(ToolchainStampError) -> ToolchainStamp {
        let command = swiftCommand.joined(separator: " ")
        let result: ProcessResult
        do {
            result = try supervisor.run(ProcessSpec(arguments: swiftCommand, environment: environment), timeout: timeout)
        } catch {
            throw .toolchainNotFound(command: command, detail: error.description)
        }
        let stdout = result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        let stderr = result.stderrText.trimmingCharacters(in: .whitespacesAndNewlines)
        let raw = stdout.isEmpty ? stderr : stdout
        guard !result.timedOut else {
            throw .timedOut(command: command, timeout: timeout)
        }
        guard result.status.isSuccess else {
            throw .commandFailed(command: command, status: result.status.description, output: excerpt(stderr.isEmpty ? stdout : stderr))
        }
        guard let version = VersionText.swiftVersion(in: raw) else {
            throw .unrecognisedVersion(command: command, output: excerpt(raw))
        }
        return ToolchainStamp(
            swiftVersion: version, raw: raw, target: VersionText.target(in: raw), os: operatingSystem(),
            xcode: xcodeVersion(environment: environment, timeout: timeout, supervisor: supervisor), gateVersion: gateVersion)
    }

    /// The operating system's name and version.
    package static func operatingSystem() -> String {
        #if os(Linux)
            if let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
                let name = VersionText.prettyName(osRelease: text)
            {
                return name
            }
            return "Linux " + ProcessInfo.processInfo.operatingSystemVersionString
        #elseif os(macOS)
            let version = ProcessInfo.processInfo.operatingSystemVersion
            return "macOS \(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
        #else
            return ProcessInfo.processInfo.operatingSystemVersionString
        #endif
    }

    /// `xcodebuild -version`'s lines joined by a space on a Mac where it works; `nil` elsewhere.
    private static func xcodeVersion(environment: [String: String], timeout: Duration, supervisor: ProcessSupervisor) -> String? {
        #if os(macOS)
            let spec = ProcessSpec(arguments: ["xcodebuild", "-version"], environment: environment)
            guard let result = try? supervisor.run(spec, timeout: timeout), result.status.isSuccess else {
                return nil
            }
            let text = result.stdoutText.split(whereSeparator: \.isNewline).joined(separator: " ")
            return text.isEmpty ? nil : text
        #else
            return nil
        #endif
    }

    /// The first line of `text`, at most 200 characters.
    private static func excerpt(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }
}

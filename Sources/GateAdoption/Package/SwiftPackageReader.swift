//===----------------------------------------------------------------------===//
// SwiftPackageReader.swift: running `swift package dump-package`, and which manifest file SwiftPM reads.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore
import GateProcess

/// Reads a Swift package the way SwiftPM does, by asking SwiftPM.
package enum SwiftPackageReader {
    /// Runs `swift package dump-package` in `directory` and parses what it prints.
    ///
    /// - Parameters:
    ///   - directory: the package root.
    ///   - swiftCommand: the `swift` program and any leading arguments (`xcrun swift` on a Mac).
    ///   - timeout: how long SwiftPM may take (it may resolve nothing, but compiling the manifest
    ///     takes seconds).
    ///   - supervisor: the supervisor it runs under (the run's, when `run` reads a suite's package).
    ///   - confine: the command as it must run (`run` starts it in the suites' domain, since the
    ///     manifest is the change's code); `nil` when it cannot.
    /// - Throws: ``AdoptionError/packageUnreadable(detail:)`` with SwiftPM's first error line.
    package static func read(
        directory: String, swiftCommand: [String] = ["swift"], timeout: Duration = .seconds(300),
        supervisor: ProcessSupervisor = .standalone, confine: @Sendable (ProcessSpec) -> ProcessSpec? = { $0 }
    ) throws(AdoptionError) -> SwiftPackageManifest {
        let arguments = swiftCommand + ["package", "--package-path", directory, "dump-package"]
        // Reading the manifest runs it: where the suites are confined, so is this.
        guard let spec = confine(ProcessSpec(arguments: arguments, workingDirectory: directory)) else {
            throw .packageUnreadable(detail: "'\(arguments.joined(separator: " "))' could not be confined like the suites")
        }
        let result: ProcessResult
        do {
            result = try supervisor.run(spec, timeout: timeout)
        } catch {
            throw .packageUnreadable(detail: "could not run '\(arguments.joined(separator: " "))': \(error.description)")
        }
        guard result.status.isSuccess else {
            let lines = (result.stderrText + "\n" + result.stdoutText).split(whereSeparator: \.isNewline)
            let first = lines.first { $0.contains("error:") } ?? lines.first ?? "no output"
            throw .packageUnreadable(detail: "swift package dump-package failed (\(result.status)): \(first)")
        }
        return try SwiftPackageManifest.parse(result.stdout)
    }

    /// The manifest file SwiftPM reads among `fileNames` (the package root's entries) with a
    /// compiler of `compilerVersion`: the `Package@swift-X[.Y[.Z]].swift` with the highest version
    /// not above the compiler's, else `Package.swift`.
    ///
    /// - Parameters:
    ///   - fileNames: the names in the package root.
    ///   - compilerVersion: the compiler's version, e.g. `[6, 3, 1]`.
    package static func manifestFile(among fileNames: [String], compilerVersion: [Int]) -> String {
        var best: (name: String, version: [Int])?
        for name in fileNames {
            guard let version = versionedManifestVersion(name), !VersionOrder.isGreater(version, than: compilerVersion) else { continue }
            if let current = best, !VersionOrder.isGreater(version, than: current.version) { continue }
            best = (name, version)
        }
        return best?.name ?? "Package.swift"
    }

    /// The version in `Package@swift-X[.Y[.Z]].swift`, or `nil` for any other name.
    package static func versionedManifestVersion(_ name: String) -> [Int]? {
        let prefix = "Package@swift-"
        let suffix = ".swift"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
        let parts = middle.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var version: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 4, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part) else {
                return nil
            }
            version.append(number)
        }
        return version
    }

    /// The compiler version in `swift --version` text (`Swift version 6.3.1 (…)`), e.g. `[6, 3, 1]`.
    package static func compilerVersion(inVersionText text: String) -> [Int]? {
        guard let range = text.range(of: "Swift version ") else { return nil }
        let word = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        let parts = word.split(separator: ".").compactMap { Int($0) }
        return parts.isEmpty ? nil : parts
    }
}

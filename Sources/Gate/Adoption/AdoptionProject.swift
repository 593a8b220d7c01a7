//===----------------------------------------------------------------------===//
// AdoptionProject.swift: what `init` learns about the team's project before planning anything.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess

/// The team's project as the tools that build it see it: a Swift package read by SwiftPM, or an
/// Xcode workspace/project read by `xcodebuild -list -json` (with the shared scheme files as the
/// fallback) plus a simulator `simctl` lists. ``read(_:)`` runs those tools; ``AdoptionPlan``
/// decides from the result alone, so the decisions are tested without them.
package enum AdoptionProject: Equatable, Sendable {
    /// A Swift package and the manifest file SwiftPM reads (`Package.swift` or `Package@swift-X.swift`).
    case swiftPackage(SwiftPackageManifest, manifestFile: String)
    /// An Xcode project: the container (`nil` when the folder holds none), its schemes and targets,
    /// and the simulator destination with where it came from.
    case xcode(container: XcodeContainer?, list: XcodeProjectList, destination: String, destinationSource: String)

    /// Reads the project in `options.directory`.
    ///
    /// - Throws: ``AdoptionError/notADirectory(_:)``, ``AdoptionError/noPackage(_:)``,
    ///   ``AdoptionError/packageUnreadable(detail:)``, ``AdoptionError/ambiguousXcodeContainer(_:)``.
    package static func read(_ options: AdoptionOptions) throws(AdoptionError) -> AdoptionProject {
        let directory = options.directory
        guard AdoptionPlan.isDirectory(directory) else { throw .notADirectory(directory) }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        if options.ios {
            return readXcode(directory: directory, entries: entries)
        }
        guard entries.contains("Package.swift") else { throw .noPackage(directory) }
        let manifest = try SwiftPackageReader.read(directory: directory, swiftCommand: swiftCommand)
        let version = run(swiftCommand + ["--version"], in: directory).flatMap(SwiftPackageReader.compilerVersion(inVersionText:))
        let file = version.map { SwiftPackageReader.manifestFile(among: entries, compilerVersion: $0) } ?? "Package.swift"
        return .swiftPackage(manifest, manifestFile: file)
    }

    /// `xcrun swift` on a Mac (the selected Xcode's), `swift` elsewhere.
    static var swiftCommand: [String] {
        #if os(macOS)
            ["xcrun", "swift"]
        #else
            ["swift"]
        #endif
    }

    /// An Xcode project: what `xcodebuild` and `simctl` say, where they exist.
    private static func readXcode(directory: String, entries: [String]) -> AdoptionProject {
        let folderName = AdoptionPlan.projectName(of: directory)
        let container = (try? XcodeContainer.detect(fileNames: entries, preferredName: folderName)) ?? nil
        var list = run(["xcodebuild", "-list", "-json"] + (container?.arguments ?? []), in: directory)
            .flatMap { XcodeProjectList.parse(Array($0.utf8)) }
        if list == nil, let container {
            let schemesFolder = AdoptionPlan.join(AdoptionPlan.join(directory, container.fileName), "xcshareddata/xcschemes")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: schemesFolder)) ?? []
            list = XcodeProjectList(schemes: XcodeProjectList.sharedSchemes(fileNames: names))
        }
        let simctl = run(["xcrun", "simctl", "list", "devices", "available", "-j"], in: directory)
        let chosen = simctl.flatMap { SimulatorDestination.choose(simctlJSON: Array($0.utf8)) }
        return .xcode(
            container: container, list: list ?? XcodeProjectList(schemes: []),
            destination: chosen ?? SimulatorDestination.fallback,
            destinationSource: chosen == nil ? "the default (simctl listed no iPhone simulator here)" : "simctl")
    }

    /// Standard output of a successful run of `arguments`, `nil` when it cannot run or fails.
    private static func run(_ arguments: [String], in directory: String) -> String? {
        guard
            let result = try? ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: arguments, workingDirectory: directory), timeout: .seconds(120)),
            result.status.isSuccess
        else { return nil }
        return result.stdoutText
    }
}

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
    /// An Xcode project: the container (`nil` when the folder holds none), its schemes (the shared
    /// ones among them) and targets, the folders up to two levels down (where an existing test
    /// target's folder is found), and what could not be asked (a tool that did not run).
    case xcode(container: XcodeContainer?, list: XcodeProjectList, folders: [String], notes: [String])

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

    /// An Xcode project: what `xcodebuild` says, where it runs, and the shared scheme files.
    private static func readXcode(directory: String, entries: [String]) -> AdoptionProject {
        let folderName = AdoptionPlan.projectName(of: directory)
        let container = (try? XcodeContainer.detect(fileNames: entries, preferredName: folderName)) ?? nil
        var notes: [String] = []
        let listCommand = ["xcodebuild", "-list", "-json"] + (container?.arguments ?? [])
        var list: XcodeProjectList?
        switch runOrExplain(listCommand, in: directory) {
        case let .success(output): list = XcodeProjectList.parse(Array(output.utf8))
        case let .failure(reason):
            notes.append(
                "'\(listCommand.joined(separator: " "))' could not run here (\(reason)): the scheme and test target come from "
                    + "the shared scheme files and the folder's name; check them, or pass --scheme and --target.")
        }
        var shared: [String] = []
        if let container {
            let schemesFolder = AdoptionPlan.join(AdoptionPlan.join(directory, container.fileName), "xcshareddata/xcschemes")
            shared = XcodeProjectList.sharedSchemes(fileNames: (try? FileManager.default.contentsOfDirectory(atPath: schemesFolder)) ?? [])
        }
        var read = list ?? XcodeProjectList(schemes: shared)
        read.shared = shared
        return .xcode(container: container, list: read, folders: folders(in: directory), notes: notes)
    }

    /// The folders of `directory` one and two levels down, as relative paths, sorted; hidden
    /// folders, bundles (`.xcodeproj`, `.xcworkspace`, …) and build output are not entered.
    package static func folders(in directory: String) -> [String] {
        let skipped: Set<String> = ["Pods", "Carthage", "DerivedData", "build", "node_modules", "vendor"]
        func children(_ relative: String) -> [String] {
            let path = relative.isEmpty ? directory : AdoptionPlan.join(directory, relative)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { name in
                !name.hasPrefix(".") && !name.contains(".") && !skipped.contains(name)
                    && AdoptionPlan.isDirectory(AdoptionPlan.join(path, name))
            }.map { relative.isEmpty ? $0 : relative + "/" + $0 }
        }
        let first = children("")
        return (first + first.flatMap(children)).sorted()
    }

    /// Standard output of a successful run of `arguments`, `nil` when it cannot run or fails.
    private static func run(_ arguments: [String], in directory: String) -> String? {
        try? runOrExplain(arguments, in: directory).get()
    }

    /// Standard output of a successful run of `arguments`, or why there is none.
    private static func runOrExplain(_ arguments: [String], in directory: String) -> Result<String, ToolFailure> {
        do {
            let result = try ProcessSupervisor.standalone.run(
                ProcessSpec(arguments: arguments, workingDirectory: directory), timeout: .seconds(120))
            guard result.status.isSuccess else { return .failure(ToolFailure(result.status.description)) }
            return .success(result.stdoutText)
        } catch {
            return .failure(ToolFailure(error.description))
        }
    }
}

//===----------------------------------------------------------------------===//
// SwiftPackageManifest.swift: the parts of `swift package dump-package` that `init` needs.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

/// A Swift package as SwiftPM reads it: `swift package dump-package` prints the manifest SwiftPM
/// actually uses (a `Package@swift-X.swift` when one applies) as JSON, so the test targets are the
/// real ones, never guessed from folder names.
package struct SwiftPackageManifest: Equatable, Sendable {
    /// The package's name.
    package var name: String
    /// Every target, in manifest order.
    package var targets: [SwiftPackageTarget]
    /// The manifest's tools version, e.g. `5.1.0`.
    package var toolsVersion: String?
    /// The identities of its dependencies SwiftPM fetches from elsewhere (a source-control URL, a
    /// registry), not from a path on this machine.
    package var remoteDependencies: [String]

    /// Creates a manifest.
    package init(name: String, targets: [SwiftPackageTarget], toolsVersion: String? = nil, remoteDependencies: [String] = []) {
        self.name = name
        self.targets = targets
        self.toolsVersion = toolsVersion
        self.remoteDependencies = remoteDependencies
    }

    /// The test targets, in manifest order.
    package var testTargets: [SwiftPackageTarget] { targets.filter(\.isTest) }

    /// Reads `dump-package` output. Only `name`, `targets[].name`, `targets[].type`,
    /// `targets[].path`, `toolsVersion._version` and which `dependencies[]` are remote are read;
    /// everything else is ignored, so newer SwiftPM releases that add keys still work.
    ///
    /// - Throws: ``AdoptionError/packageUnreadable(detail:)`` when the text is not that JSON.
    package static func parse(_ bytes: [UInt8]) throws(AdoptionError) -> SwiftPackageManifest {
        let root: JSONValue
        do throws(JSONReadError) {
            root = try JSONReader.read(bytes, limits: ToolJSON.limits)
        } catch {
            throw .packageUnreadable(detail: "swift package dump-package printed no JSON (\(error))")
        }
        guard let name = root["name"]?.string, let targetList = root["targets"]?.array else {
            throw .packageUnreadable(detail: "swift package dump-package printed JSON without 'name' and 'targets'")
        }
        var targets: [SwiftPackageTarget] = []
        for target in targetList {
            guard let targetName = target["name"]?.string, let type = target["type"]?.string else {
                throw .packageUnreadable(detail: "a target in swift package dump-package's JSON has no 'name' or 'type'")
            }
            targets.append(SwiftPackageTarget(name: targetName, type: type, path: target["path"]?.string))
        }
        let tools = root["toolsVersion"]?["_version"]?.string
        // `{"sourceControl": [{"identity", "location": {"remote": …} or {"local": …}}]}`, `{"registry": [{"identity"}]}`,
        // `{"fileSystem": […]}`: a local checkout or path is on this machine already.
        var remote: [String] = []
        for dependency in root["dependencies"]?.array ?? [] {
            if let source = dependency["sourceControl"]?.array?.first, source["location"]?["remote"] != nil {
                remote.append(source["identity"]?.string ?? "?")
            } else if let registry = dependency["registry"]?.array?.first {
                remote.append(registry["identity"]?.string ?? "?")
            }
        }
        return SwiftPackageManifest(name: name, targets: targets, toolsVersion: tools, remoteDependencies: remote)
    }
}

//===----------------------------------------------------------------------===//
// SwiftPackageManifest.swift: the parts of `swift package dump-package` that `init` needs.
//===----------------------------------------------------------------------===//

import Foundation
import Gate

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

    /// Creates a manifest.
    package init(name: String, targets: [SwiftPackageTarget], toolsVersion: String? = nil) {
        self.name = name
        self.targets = targets
        self.toolsVersion = toolsVersion
    }

    /// The test targets, in manifest order.
    package var testTargets: [SwiftPackageTarget] { targets.filter(\.isTest) }

    /// Reads `dump-package` output. Only `name`, `targets[].name`, `targets[].type`,
    /// `targets[].path` and `toolsVersion._version` are read; everything else is ignored, so newer
    /// SwiftPM releases that add keys still work.
    ///
    /// - Throws: ``AdoptionError/packageUnreadable(detail:)`` when the text is not that JSON.
    package static func parse(_ bytes: [UInt8]) throws(AdoptionError) -> SwiftPackageManifest {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw .packageUnreadable(detail: "swift package dump-package printed no JSON")
        }
        guard let root = object as? [String: Any], let name = root["name"] as? String,
            let targetList = root["targets"] as? [Any]
        else {
            throw .packageUnreadable(detail: "swift package dump-package printed JSON without 'name' and 'targets'")
        }
        var targets: [SwiftPackageTarget] = []
        for entry in targetList {
            guard let target = entry as? [String: Any], let targetName = target["name"] as? String,
                let type = target["type"] as? String
            else {
                throw .packageUnreadable(detail: "a target in swift package dump-package's JSON has no 'name' or 'type'")
            }
            targets.append(SwiftPackageTarget(name: targetName, type: type, path: target["path"] as? String))
        }
        let tools = (root["toolsVersion"] as? [String: Any])?["_version"] as? String
        return SwiftPackageManifest(name: name, targets: targets, toolsVersion: tools)
    }
}

//===----------------------------------------------------------------------===//
// XcodeProjectList.swift: what `xcodebuild -list -json` says about a workspace or project.
//===----------------------------------------------------------------------===//

import Foundation

/// The schemes and targets of a workspace or project, from `xcodebuild -list -json`, whose
/// output is `{"project": {"name", "schemes", "targets", "configurations"}}` for a project and
/// `{"workspace": {"name", "schemes"}}` for a workspace; or, where `xcodebuild` is not there,
/// from the shared scheme files in the folder.
package struct XcodeProjectList: Equatable, Sendable {
    /// The schemes, in `xcodebuild`'s order.
    package var schemes: [String]
    /// The targets (projects only; a workspace lists none).
    package var targets: [String]

    /// Creates a list.
    package init(schemes: [String], targets: [String] = []) {
        self.schemes = schemes
        self.targets = targets
    }

    /// Reads `xcodebuild -list -json` output; `nil` when it is not that JSON. Text before the
    /// first `{` (xcodebuild sometimes prints a warning line first) is skipped.
    package static func parse(_ bytes: [UInt8]) -> XcodeProjectList? {
        guard let start = bytes.firstIndex(of: UInt8(ascii: "{")) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes[start...])) as? [String: Any] else { return nil }
        guard let body = (object["project"] ?? object["workspace"]) as? [String: Any] else { return nil }
        let schemes = (body["schemes"] as? [Any] ?? []).compactMap { $0 as? String }
        let targets = (body["targets"] as? [Any] ?? []).compactMap { $0 as? String }
        return XcodeProjectList(schemes: schemes, targets: targets)
    }

    /// The schemes shared in `Name.xcodeproj/xcshareddata/xcschemes/` (or the workspace's), from
    /// the file names there: `Shop.xcscheme` is the scheme `Shop`.
    package static func sharedSchemes(fileNames: [String]) -> [String] {
        fileNames.filter { $0.hasSuffix(".xcscheme") && $0.count > ".xcscheme".count }.map { String($0.dropLast(".xcscheme".count)) }
            .sorted()
    }

    /// The scheme to test: `requested` when given (and listed, if anything is listed); the only
    /// scheme; the one named like the container; `preferred` as a last resort when none is listed.
    ///
    /// - Throws: ``AdoptionError/unknownScheme(_:schemes:)``, ``AdoptionError/ambiguousScheme(_:)``.
    package func scheme(requested: String?, preferred: String) throws(AdoptionError) -> String {
        if let requested {
            guard schemes.isEmpty || schemes.contains(requested) else { throw .unknownScheme(requested, schemes: schemes) }
            return requested
        }
        if schemes.count == 1, let only = schemes.first { return only }
        if schemes.isEmpty || schemes.contains(preferred) { return preferred }
        throw .ambiguousScheme(schemes)
    }

    /// The unit test target: `requested` when given; else the one target named `<scheme>Tests`, or
    /// the only target ending in `Tests` that is not a UI test target; `<scheme>Tests` when the
    /// list has no targets.
    package func testTarget(requested: String?, scheme: String) -> String {
        if let requested { return requested }
        if targets.contains(scheme + "Tests") { return scheme + "Tests" }
        let unit = targets.filter { $0.hasSuffix("Tests") && !$0.hasSuffix("UITests") }
        if unit.count == 1, let only = unit.first { return only }
        return scheme + "Tests"
    }
}

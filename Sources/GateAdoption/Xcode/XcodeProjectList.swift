//===----------------------------------------------------------------------===//
// XcodeProjectList.swift: what `xcodebuild -list -json` says about a workspace or project.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

/// The schemes and targets of a workspace or project, from `xcodebuild -list -json`, whose
/// output is `{"project": {"name", "schemes", "targets", "configurations"}}` for a project and
/// `{"workspace": {"name", "schemes"}}` for a workspace; or, where `xcodebuild` is not there,
/// from the shared scheme files in the folder.
package struct XcodeProjectList: Equatable, Sendable {
    /// The schemes, in `xcodebuild`'s order.
    package var schemes: [String]
    /// The targets (projects only; a workspace lists none).
    package var targets: [String]
    /// The shared schemes (`xcshareddata/xcschemes`): the only ones a CI checkout has, since a
    /// user's own schemes are not committed.
    package var shared: [String]

    /// Creates a list.
    package init(schemes: [String], targets: [String] = [], shared: [String] = []) {
        self.schemes = schemes
        self.targets = targets
        self.shared = shared
    }

    /// Reads `xcodebuild -list -json` output; `nil` when it is not that JSON. Text before the
    /// first `{` (xcodebuild sometimes prints a warning line first) is skipped.
    package static func parse(_ bytes: [UInt8]) -> XcodeProjectList? {
        guard let start = bytes.firstIndex(of: UInt8(ascii: "{")) else { return nil }
        guard let object = try? JSONReader.read(Array(bytes[start...]), limits: ToolJSON.limits) else { return nil }
        guard let body = object["project"] ?? object["workspace"], body.members != nil else { return nil }
        let schemes = (body["schemes"]?.array ?? []).compactMap(\.string)
        let targets = (body["targets"]?.array ?? []).compactMap(\.string)
        return XcodeProjectList(schemes: schemes, targets: targets)
    }

    /// The schemes shared in `Name.xcodeproj/xcshareddata/xcschemes/` (or the workspace's), from
    /// the file names there: `Shop.xcscheme` is the scheme `Shop`.
    package static func sharedSchemes(fileNames: [String]) -> [String] {
        fileNames.filter { $0.hasSuffix(".xcscheme") && $0.count > ".xcscheme".count }.map { String($0.dropLast(".xcscheme".count)) }
            .sorted()
    }

    /// The scheme to test: `requested` when given (and listed, if anything is listed); else, among
    /// the shared schemes when there are any (CI sees only those) or all listed ones, the only one,
    /// or the one named like the container; `preferred` as a last resort when none is listed.
    ///
    /// - Throws: ``AdoptionError/unknownScheme(_:schemes:)``, ``AdoptionError/ambiguousScheme(_:)``.
    package func scheme(requested: String?, preferred: String) throws(AdoptionError) -> String {
        let known = Array(Set(schemes + shared)).sorted()
        if let requested {
            guard known.isEmpty || known.contains(requested) else { throw .unknownScheme(requested, schemes: known) }
            return requested
        }
        let candidates = shared.isEmpty ? schemes : shared
        if candidates.count == 1, let only = candidates.first { return only }
        if candidates.isEmpty || candidates.contains(preferred) { return preferred }
        throw .ambiguousScheme(candidates)
    }

    /// The unit test target: `requested` when given; else the one target named like the scheme
    /// with `Tests` (``conventionalTestTarget(scheme:)``), or the only target ending in `Tests`
    /// that is not a UI test target; the conventional name when the list has no targets.
    package func testTarget(requested: String?, scheme: String) -> String {
        if let requested { return requested }
        let conventional = Self.conventionalTestTarget(scheme: scheme)
        if targets.contains(conventional) { return conventional }
        let unit = targets.filter { $0.hasSuffix("Tests") && !$0.hasSuffix("UITests") }
        if unit.count == 1, let only = unit.first { return only }
        return conventional
    }

    /// `<Scheme>Tests` as a module name: SwiftPM's generated `X-Package` scheme gives `XTests`,
    /// and characters a module name cannot hold are dropped (`Shop App` gives `ShopAppTests`).
    package static func conventionalTestTarget(scheme: String) -> String {
        let base = scheme.hasSuffix("-Package") ? String(scheme.dropLast("-Package".count)) : scheme
        return AdoptionPlan.identifier(base) + "Tests"
    }
}

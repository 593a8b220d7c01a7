//===----------------------------------------------------------------------===//
// XcodeContainer.swift: the workspace or project `xcodebuild` is pointed at.
//===----------------------------------------------------------------------===//

/// The `-workspace` or `-project` an iOS team's `xcodebuild test` names.
package enum XcodeContainer: Equatable, Sendable {
    /// `Name.xcworkspace` (CocoaPods and most multi-project apps).
    case workspace(String)
    /// `Name.xcodeproj`.
    case project(String)

    /// The file name, e.g. `Shop.xcworkspace`.
    package var fileName: String {
        switch self {
        case let .workspace(name), let .project(name): name
        }
    }

    /// The name without its extension, e.g. `Shop`.
    package var name: String {
        let file = fileName
        guard let dot = file.lastIndex(of: ".") else { return file }
        return String(file[..<dot])
    }

    /// `xcodebuild`'s arguments for it: `-workspace Shop.xcworkspace` or `-project Shop.xcodeproj`.
    package var arguments: [String] {
        switch self {
        case let .workspace(file): ["-workspace", file]
        case let .project(file): ["-project", file]
        }
    }

    /// The container in a folder holding `fileNames`: its one `.xcworkspace`, else its one
    /// `.xcodeproj`; `nil` when there is neither.
    ///
    /// - Throws: ``AdoptionError/ambiguousXcodeContainer(_:)`` when there are several of the kind
    ///   chosen and none is named like `preferredName`.
    package static func detect(fileNames: [String], preferredName: String) throws(AdoptionError) -> XcodeContainer? {
        let workspaces = fileNames.filter { $0.hasSuffix(".xcworkspace") }.sorted()
        let projects = fileNames.filter { $0.hasSuffix(".xcodeproj") }.sorted()
        for (candidates, make) in [(workspaces, XcodeContainer.workspace), (projects, XcodeContainer.project)]
        where !candidates.isEmpty {
            if candidates.count == 1, let only = candidates.first { return make(only) }
            if let named = candidates.first(where: { make($0).name == preferredName }) { return make(named) }
            throw .ambiguousXcodeContainer(candidates)
        }
        return nil
    }
}

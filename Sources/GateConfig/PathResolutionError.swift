//===----------------------------------------------------------------------===//
// PathResolutionError.swift: why a path has no real location.
//===----------------------------------------------------------------------===//

import Foundation

/// Why ``PathResolver/real(_:)`` found no real location for a path, each naming the path as given.
package enum PathResolutionError: Error, Equatable, Sendable {
    /// Nothing is there (or a component before the end is not a folder).
    case missing(path: String)
    /// The path ends in a symbolic link whose target does not exist.
    case danglingLink(path: String, target: String)
    /// Following the path's symbolic links never ends (`ELOOP`).
    case linkLoop(path: String)
    /// `realpath(3)` failed otherwise, e.g. a folder on the way cannot be searched (`EACCES`).
    case systemCallFailed(path: String, errno: Int32)

    /// The path the error is about, as given.
    package var path: String {
        switch self {
        case let .missing(path), let .danglingLink(path, _), let .linkLoop(path), let .systemCallFailed(path, _): path
        }
    }

    /// What is wrong, in a few words for a one-line message.
    package var reason: String {
        switch self {
        case .missing: "nothing is there"
        case let .danglingLink(_, target): "it is a symbolic link to '\(target)', which does not exist"
        case .linkLoop: "its symbolic links form a loop"
        case let .systemCallFailed(_, code): "it cannot be resolved: " + String(cString: strerror(code))
        }
    }

    /// The same failure about `path` instead (a part of it was resolved, the whole was given).
    package func naming(_ path: String) -> PathResolutionError {
        switch self {
        case .missing: .missing(path: path)
        case let .danglingLink(_, target): .danglingLink(path: path, target: target)
        case .linkLoop: .linkLoop(path: path)
        case let .systemCallFailed(_, code): .systemCallFailed(path: path, errno: code)
        }
    }
}

//===----------------------------------------------------------------------===//
// ConfigBaseComparison.swift: whether the change edits the gate's configuration (`run --base`).
//===----------------------------------------------------------------------===//

import GitStamp

/// Whether the configuration a run uses differs from the same file at the base the change is
/// compared with: the repository's `acceptance-gate.json` is part of the change, and a change that
/// empties its expected tests or allowlists its own leak would otherwise pass unnoticed.
package struct ConfigBaseComparison: Equatable, Sendable {
    /// The revision as given (`origin/main`, `HEAD~1`, a commit id).
    package var base: String
    /// Whether the file differs there (added, removed or changed).
    package var changed: Bool

    /// Compares `bytes`, the configuration the run uses (`nil` for the embedded default), with the
    /// file at `path` (repository-relative; the default `acceptance-gate.json` when the run uses the
    /// embedded default, so a change that deletes the file counts) at `base`.
    ///
    /// - Throws: ``GitStampError/unknownRevision(revision:message:)`` when `base` is no commit.
    package static func compare(
        bytes: [UInt8]?, path: String, base: String, repositoryDirectory: String
    ) throws(GitStampError) -> ConfigBaseComparison {
        let before = try GitStamp.file(path, at: base, in: repositoryDirectory)
        return ConfigBaseComparison(base: base, changed: before != bytes)
    }
}

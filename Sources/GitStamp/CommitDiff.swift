//===----------------------------------------------------------------------===//
// CommitDiff.swift: the paths a change edits, read from the repository's objects alone.
//===----------------------------------------------------------------------===//

/// What a change edits, as the repository's objects say: the commits `base` and `head` resolve
/// to, where `head` left `base` (their merge base), and every path whose blob, mode or presence
/// differs between that merge base and `head`. Read through libgit2 from trees only: nothing is
/// checked out, no filter, hook or attribute of the change is read or run.
package struct CommitDiff: Equatable, Sendable {
    /// The commit `base` named, 40 hex digits.
    package var base: String
    /// The commit `head` named, 40 hex digits.
    package var head: String
    /// Their merge base, the commit the change is compared from; `nil` when they share no
    /// history (the whole of `base`'s tree is compared with `head`'s then).
    package var mergeBase: String?
    /// The paths that differ (old and new path of a rename alike), sorted, `/`-separated.
    package var paths: [String]
    /// The paths whose blob, mode or presence differs between `base` itself (its tip) and `head`,
    /// sorted: what `head` runs that the base's tip would not.
    package var pathsFromBase: [String]
    /// The folders below the root (`/`-terminated) that hold an `action.yml` or `action.yaml`
    /// in `base`, the merge base or `head`: a local action's other files (a Dockerfile, its
    /// scripts) define the pipeline as much as its `action.yml`.
    package var actionFolders: Set<String>

    /// Creates a diff record.
    package init(
        base: String, head: String, mergeBase: String?, paths: [String], pathsFromBase: [String] = [], actionFolders: Set<String> = []
    ) {
        self.base = base
        self.head = head
        self.mergeBase = mergeBase
        self.paths = paths
        self.pathsFromBase = pathsFromBase
        self.actionFolders = actionFolders
    }
}

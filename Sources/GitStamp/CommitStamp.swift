//===----------------------------------------------------------------------===//
// CommitStamp.swift: what the report records about the commit under test.
//===----------------------------------------------------------------------===//

/// The commit under test, as the report's `commit` object records it (design.md, "Report and
/// signature").
///
/// Encodes every key, with `null` for an absent optional, so readers always find `commit.branch`.
package struct CommitStamp: Codable, Equatable, Sendable {
    /// HEAD's commit ID, 40 lower-case hex digits.
    package var id: String
    /// The branch HEAD is on (short name, e.g. `main`), or `nil` when HEAD is detached.
    package var branch: String?
    /// Whether HEAD is detached (points at a commit, not a branch).
    package var detached: Bool
    /// Whether the work tree or index differs from HEAD (untracked files count; ignored ones do not).
    package var dirty: Bool
    /// The changed paths relative to the work tree, sorted; an untracked folder appears as `dir/`.
    package var changedPaths: [String]
    /// Whether the repository is a shallow clone (history cut off).
    package var shallow: Bool
    /// The work tree's root folder, without a trailing slash; `nil` for a bare repository.
    package var workTree: String?
    /// The commit the CI system says it built, when its environment says so.
    package var ciCommit: CICommit?
    /// What changed in the tree while the suites ran (sorted; `HEAD (…)` first when the commit
    /// moved), when a run checked it: empty when nothing did, `nil` (and not encoded) when the
    /// stamp was read once, as `stamp` does.
    package var changedDuringRun: [String]?

    /// Creates a stamp; `changedPaths` is sorted here.
    package init(
        id: String, branch: String?, detached: Bool, dirty: Bool, changedPaths: [String], shallow: Bool,
        workTree: String?, ciCommit: CICommit?
    ) {
        self.id = id
        self.branch = branch
        self.detached = detached
        self.dirty = dirty
        self.changedPaths = changedPaths.sorted()
        self.shallow = shallow
        self.workTree = workTree
        self.ciCommit = ciCommit
    }

    /// The coding keys, as design.md names the fields.
    private enum CodingKeys: String, CodingKey {
        case id, branch, detached, dirty, changedPaths, shallow, workTree, ciCommit, changedDuringRun
    }

    /// Encodes every field; absent optionals as `null`, but for `changedDuringRun`, which a stamp
    /// read once has not checked.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(branch, forKey: .branch)
        try container.encode(detached, forKey: .detached)
        try container.encode(dirty, forKey: .dirty)
        try container.encode(changedPaths, forKey: .changedPaths)
        try container.encode(shallow, forKey: .shallow)
        try container.encode(workTree, forKey: .workTree)
        try container.encode(ciCommit, forKey: .ciCommit)
        try container.encodeIfPresent(changedDuringRun, forKey: .changedDuringRun)
    }
}

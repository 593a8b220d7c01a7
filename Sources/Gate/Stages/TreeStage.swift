//===----------------------------------------------------------------------===//
// TreeStage.swift: the work tree read again after the suites.
//===----------------------------------------------------------------------===//

import GatePublishing
import GateReport
import GitStamp

/// Reads the work tree again after the suites and compares it with the stamp's snapshot
/// (``TreeSnapshot``): what was tested must be the commit the report names.
enum TreeStage {
    /// Reads the tree again after the suites. A path changed, added or restored since the stamp
    /// (or HEAD moved) is a `tree-changed-during-run` problem naming the first few, and the
    /// returned commit says so: dirty, with those paths among its changed paths and in
    /// `changedDuringRun`. At the commit the tests may fail while the edited tree passed them.
    static func run(_ snapshot: TreeSnapshot, context: RunContext) -> StageResult<CommitStamp> {
        var commit = snapshot.commit
        let after: CommitStamp
        do {
            after = try GitStamp.read(from: commit.workTree ?? ".", environment: context.children.variables)
        } catch {
            return StageResult(
                commit, detail: error.description,
                problems: [
                    ReportProblem(.commitStamp, subject: .commit, "the tree could not be read again after the suites: \(error.description)")
                ])
        }
        let all = snapshot.changes(in: after)
        let byproducts = all.filter(isBuildByproduct)
        let changes = all.filter { !isBuildByproduct($0) }
        commit.changedDuringRun = changes
        let noted =
            byproducts.isEmpty ? [] : ["written by the build during the run, not counted: " + byproducts.prefix(5).joined(separator: ", ")]
        guard !changes.isEmpty else {
            var result = StageResult(commit, detail: byproducts.isEmpty ? "unchanged since the stamp" : "only build byproducts changed")
            result.notes = noted
            return result
        }
        commit.dirty = true
        commit.changedPaths = Array(Set(commit.changedPaths).union(changes.filter { !$0.hasPrefix("HEAD ") })).sorted()
        let named = changes.prefix(5).joined(separator: ", ") + (changes.count > 5 ? ", …" : "")
        var result = StageResult(
            commit, detail: "\(changes.count) path(s) changed during the run",
            problems: [
                ReportProblem(
                    .treeChangedDuringRun, subject: .commit,
                    "the work tree changed while the suites ran, so what was tested is not commit \(commit.id.prefix(12)): \(named) "
                        + "(something the change runs edits the tree; a file the build writes belongs in .gitignore)")
            ])
        result.notes = noted
        return result
    }

    /// What SwiftPM and Xcode write into a work tree while they build and test, whatever the
    /// change: a re-resolved `Package.resolved`, `.swiftpm/`, an in-tree `DerivedData/`, coverage
    /// profiles, result bundles. Noted, not a change of the code under test.
    static func isBuildByproduct(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name == "Package.resolved" || path.hasPrefix(".swiftpm/") || path.contains("/.swiftpm/")
            || path.hasPrefix("DerivedData/") || name == "default.profraw" || name.hasSuffix(".xcresult")
    }
}

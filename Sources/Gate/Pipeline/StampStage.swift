//===----------------------------------------------------------------------===//
// StampStage.swift: the commit and toolchain stamps.
//===----------------------------------------------------------------------===//

import Foundation
import GatePublishing
import GateReport
import GitStamp
import ToolchainStamp

/// Reads the commit (libgit2) and the toolchain (`swift --version`). The gate's own out folder
/// inside the work tree is not a change under test: it is left out of `changedPaths` and `dirty`,
/// exactly as `--require-clean` leaves it out.
enum StampStage {
    /// Both stamps, as far as they could be read.
    struct Stamps {
        /// The commit under test.
        var commit: CommitStamp?
        /// The toolchain.
        var toolchain: ToolchainStamp?
        /// The tree as the stamp found it, to check again after the suites.
        var snapshot: TreeSnapshot?
    }

    /// Reads both stamps; a dirty tree under `requireClean` is a problem of the change.
    static func run(_ plan: RunPlan, environment: RunEnvironment) -> StageResult<Stamps> {
        var stamps = Stamps()
        do {
            stamps.commit = try GitStamp.read(from: plan.loaded.root, environment: environment.variables)
        } catch {
            return StageResult(
                stamps, detail: error.description, problems: [ReportProblem(.commitStamp, subject: .commit, error.description)])
        }
        do {
            if let command = environment.swiftCommand {
                stamps.toolchain = try ToolchainStamp.read(
                    gateVersion: environment.gateVersion, environment: environment.variables, swiftCommand: command,
                    supervisor: environment.supervisor)
            } else {
                stamps.toolchain = try ToolchainStamp.read(
                    gateVersion: environment.gateVersion, environment: environment.variables, supervisor: environment.supervisor)
            }
        } catch {
            return StageResult(
                stamps, detail: error.description,
                problems: [ReportProblem(.toolchainStamp, subject: .stage("stamp"), error.description)])
        }
        guard var commit = stamps.commit else { return StageResult(stamps, detail: "no commit") }
        commit.changedPaths = commit.changedPaths.filter {
            !isInsideOutFolder($0, workTree: commit.workTree, out: plan.configuration.report.dir)
        }
        commit.dirty = !commit.changedPaths.isEmpty
        stamps.commit = commit
        stamps.snapshot = TreeSnapshot(commit, excluding: writtenByTheRun(plan, workTree: commit.workTree))
        let state = commit.dirty ? "dirty, \(commit.changedPaths.count) changed" : "clean"
        var detail =
            "commit \(commit.id.prefix(12)) (\(commit.branch ?? "detached"), \(state)), swift \(stamps.toolchain?.swiftVersion ?? "?")"
        guard plan.configuration.git.requireClean && commit.dirty else { return StageResult(stamps, detail: detail) }
        let paths = commit.changedPaths.prefix(5).joined(separator: ", ") + (commit.changedPaths.count > 5 ? ", …" : "")
        detail += "; --require-clean rejects it"
        return StageResult(
            stamps, detail: detail,
            problems: [ReportProblem(.dirtyTree, subject: .commit, "the work tree is dirty and --require-clean is set: \(paths)")])
    }

    /// Reads the tree again after the suites. A path changed, added or restored since the stamp
    /// (or HEAD moved) is a `tree-changed-during-run` problem naming the first few, and the
    /// returned commit says so: dirty, with those paths among its changed paths and in
    /// `changedDuringRun`. At the commit the tests may fail while the edited tree passed them.
    static func recheck(_ snapshot: TreeSnapshot, environment: RunEnvironment) -> StageResult<CommitStamp> {
        var commit = snapshot.commit
        let after: CommitStamp
        do {
            after = try GitStamp.read(from: commit.workTree ?? ".", environment: environment.variables)
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

    /// The paths relative to `workTree` the run writes itself: the out folder, each suite's
    /// result bundle, and the folder holding it when it appears new and untracked (`dir/`, and
    /// only that: it does not hide a change below a folder the tree already had).
    static func writtenByTheRun(_ plan: RunPlan, workTree: String?) -> [String] {
        guard let workTree else { return [] }
        let root = URL(fileURLWithPath: workTree).standardizedFileURL.path + "/"
        var written = [plan.configuration.report.dir]
        // Only a result bundle (its path is absolute since the configuration was loaded): the
        // change's configuration names the path, and "Sources" there must not hide every edit under it.
        let bundles = plan.configuration.suites.compactMap(\.xcresult).filter { $0.hasSuffix(".xcresult") }
        written += bundles
        func relative(_ url: URL) -> String? {
            let full = url.standardizedFileURL.path
            return full.hasPrefix(root) ? String(full.dropFirst(root.count)) : nil
        }
        let parents = bundles.compactMap { relative(URL(fileURLWithPath: $0).deletingLastPathComponent()).map { $0 + "/" } }
        return written.compactMap { relative(URL(fileURLWithPath: $0)) } + parents
    }

    /// True when `path` (relative to the work tree) lies in the out folder `out`.
    static func isInsideOutFolder(_ path: String, workTree: String?, out: String) -> Bool {
        guard let workTree else { return false }
        let root = URL(fileURLWithPath: workTree).standardizedFileURL.path
        let folder = URL(fileURLWithPath: out).standardizedFileURL.path
        guard folder.hasPrefix(root + "/") else { return false }
        let relative = String(folder.dropFirst(root.count + 1))
        return path == relative || path == relative + "/" || path.hasPrefix(relative + "/")
    }
}

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

    /// Reads both stamps of `context`'s run; a dirty tree under `requireClean` is a problem of the
    /// change. libgit2 and the toolchain probe see what the children see (``RunContext/children``):
    /// `swift --version` is a child, and neither needs the gate's secrets.
    static func run(context: RunContext) -> StageResult<Stamps> {
        let (plan, gate, variables) = (context.plan, context.environment, context.children.variables)
        var stamps = Stamps()
        do {
            stamps.commit = try GitStamp.read(from: plan.loaded.root, environment: variables)
        } catch {
            return StageResult(
                stamps, detail: error.description, problems: [ReportProblem(.commitStamp, subject: .commit, error.description)])
        }
        do {
            if let command = gate.swiftCommand {
                stamps.toolchain = try ToolchainStamp.read(
                    gateVersion: gate.gateVersion, environment: variables, swiftCommand: command, supervisor: gate.supervisor)
            } else {
                stamps.toolchain = try ToolchainStamp.read(
                    gateVersion: gate.gateVersion, environment: variables, supervisor: gate.supervisor)
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

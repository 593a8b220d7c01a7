//===----------------------------------------------------------------------===//
// StampStage.swift: the commit and toolchain stamps.
//===----------------------------------------------------------------------===//

import Foundation
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
    }

    /// Reads both stamps; a dirty tree under `requireClean` is a problem of the change.
    static func run(_ plan: RunPlan, environment: RunEnvironment) -> StageResult<Stamps> {
        var stamps = Stamps()
        do {
            stamps.commit = try GitStamp.read(from: plan.repositoryDirectory, environment: environment.variables)
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
        commit.changedPaths = commit.changedPaths.filter { !isInsideOutFolder($0, workTree: commit.workTree, out: plan.outDirectory) }
        commit.dirty = !commit.changedPaths.isEmpty
        stamps.commit = commit
        let state = commit.dirty ? "dirty, \(commit.changedPaths.count) changed" : "clean"
        var detail =
            "commit \(commit.id.prefix(12)) (\(commit.branch ?? "detached"), \(state)), swift \(stamps.toolchain?.swiftVersion ?? "?")"
        guard plan.requireClean && commit.dirty else { return StageResult(stamps, detail: detail) }
        let paths = commit.changedPaths.prefix(5).joined(separator: ", ") + (commit.changedPaths.count > 5 ? ", …" : "")
        detail += "; --require-clean rejects it"
        return StageResult(
            stamps, detail: detail,
            problems: [ReportProblem(.dirtyTree, subject: .commit, "the work tree is dirty and --require-clean is set: \(paths)")])
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

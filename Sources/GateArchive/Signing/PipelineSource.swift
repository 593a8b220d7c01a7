//===----------------------------------------------------------------------===//
// PipelineSource.swift: what `sign --repo --base --head` reads of where a folder came from.
//===----------------------------------------------------------------------===//

import GateReport
import GitStamp

/// Where the signing side was told the folder came from, by its own pipeline (the trusted side:
/// a `workflow_run` event's payload, a protected job's variables), and the repository it reads,
/// as data, to find out whether the change edits its own pipeline. ``read(config:)`` diffs the
/// trees from where `head` left `base` to `head` through libgit2: nothing is checked out, and
/// none of the change's code, hooks or filters runs.
package struct PipelineSource: Equatable, Sendable {
    /// A work tree or bare clone holding both commits.
    package var repository: String
    /// The protected revision the change is compared with (`origin/main`, a commit id).
    package var base: String
    /// The commit tested (full id).
    package var head: String
    /// The CI event that ran the tests.
    package var event: String?
    /// The pipeline file that ran them, repository-relative.
    package var workflow: String?
    /// The ref the signing pipeline's definition came from.
    package var workflowRef: String?
    /// The branch the change goes into, as the trusted trigger says; `""` when it cannot tell.
    package var targetBranch: String?
    /// The default branch, whose tip `base` is: the change must go into it to be protected.
    package var defaultBranch: String?

    /// Creates a source.
    package init(
        repository: String, base: String, head: String, event: String?, workflow: String?, workflowRef: String?,
        targetBranch: String? = nil, defaultBranch: String? = nil
    ) {
        self.repository = repository
        self.base = base
        self.head = head
        self.event = event
        self.workflow = workflow
        self.workflowRef = workflowRef
        self.targetBranch = targetBranch
        self.defaultBranch = defaultBranch
    }

    /// Folders whose files define a pipeline: any CI system's, the workflows and local actions.
    static let pipelineFolders = [".github/workflows/", ".github/actions/", ".gitlab/", ".circleci/", "ci_scripts/", ".buildkite/"]
    /// Files at the root that define a pipeline or what it checks.
    static let pipelineFiles: Set<String> = [
        "action.yml", "action.yaml", ".gitlab-ci.yml", "Jenkinsfile", "bitrise.yml", "bitrise.acceptance-gate.yml",
        "acceptance-gate.json", "codemagic.yaml",
    ]

    /// Whether `path` defines the pipeline or its policy: a CI folder's file, a root pipeline
    /// file, any `*.Jenkinsfile`, the action, `acceptance-gate.json` anywhere, a file in a folder
    /// that holds a local action (`actionFolders`), or one of `extra` (the run's configuration,
    /// the workflow that ran).
    package static func isPipelineFile(_ path: String, extra: Set<String>, actionFolders: Set<String> = []) -> Bool {
        if extra.contains(path) || pipelineFiles.contains(path) { return true }
        if actionFolders.contains(where: path.hasPrefix) { return true }
        if pipelineFolders.contains(where: path.hasPrefix) { return true }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".Jenkinsfile") || name == "Jenkinsfile" || name == "acceptance-gate.json"
            || name == "action.yml" || name == "action.yaml"
    }

    /// The provenance record: `head` against `base`, with the pipeline files the change edits
    /// since it left `base`, those that differ from `base`'s tip, and the branch it goes into.
    ///
    /// - Parameter config: the configuration path the run used, repository-relative, also watched.
    /// - Throws: ``FolderSigningError/provenance(reason:)`` when the repository cannot be read or
    ///   a commit is not in it.
    package func read(config: String?) throws(FolderSigningError) -> ReportPipeline {
        let diff: CommitDiff
        do {
            diff = try GitStamp.diff(base: base, head: head, in: repository)
        } catch {
            throw .provenance(reason: error.description)
        }
        var extra: Set<String> = []
        if let workflow { extra.insert(Self.relative(workflow)) }
        if let config { extra.insert(Self.relative(config)) }
        let isPipeline = { (path: String) in Self.isPipelineFile(path, extra: extra, actionFolders: diff.actionFolders) }
        return ReportPipeline(
            event: event, workflow: workflow, workflowRef: workflowRef, head: diff.head, base: diff.base, mergeBase: diff.mergeBase,
            changedPipelineFiles: diff.paths.filter(isPipeline), differingFromBase: diff.pathsFromBase.filter(isPipeline),
            targetBranch: targetBranch, defaultBranch: defaultBranch)
    }

    /// `path` without a leading `./`.
    private static func relative(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}

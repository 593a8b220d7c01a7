//===----------------------------------------------------------------------===//
// ReportPipeline.swift: where a signed folder came from, as the signing side saw it.
//===----------------------------------------------------------------------===//

/// Where the out folder came from, as the signing side read it, never as the test job claims it:
/// the CI event, the workflow file and its ref, the head and base commits, and the pipeline
/// files (workflows, the action, `acceptance-gate.json`) the change edits, found by diffing the
/// repository's trees from where the head left the base. A report whose pipeline the change
/// defined (``definedByChange``) is signed as such, and `verify --require-protected-pipeline`
/// refuses it.
package struct ReportPipeline: Codable, Equatable, Sendable {
    /// The CI event that ran the tests (`pull_request`, `push`, ...), as the trusted side was told.
    package var event: String?
    /// The pipeline file that ran the tests (`.github/workflows/acceptance-gate.yml`).
    package var workflow: String?
    /// The ref the signing pipeline's own definition came from (`refs/heads/main`).
    package var workflowRef: String?
    /// The commit tested, 40 hex digits.
    package var head: String
    /// The protected commit the change is compared with, 40 hex digits.
    package var base: String
    /// Where `head` left `base`; `nil` when they share no history.
    package var mergeBase: String?
    /// The pipeline files the change edits (sorted); empty when it edits none.
    package var changedPipelineFiles: [String]
    /// The pipeline files whose content at `head` is not the base's tip's (sorted): a branch made
    /// before the default branch changed its pipeline still runs the older one. `nil` in records
    /// of a gate that did not compare them.
    package var differingFromBase: [String]?
    /// The branch the change goes into, as the signing side's trigger says (a pull request's base
    /// branch, a push's branch); `""` when it could not tell (a fork's pull request).
    package var targetBranch: String?
    /// The branch whose pipeline is the protected one (the repository's default branch), when
    /// the signer was told; ``targetBranch`` must be it.
    package var defaultBranch: String?
    /// Whether the change edits its own pipeline, runs a pipeline other than the base's tip's, or
    /// goes into a branch that is not the default one: what ran the tests was not the protected
    /// pipeline.
    package var definedByChange: Bool

    /// Creates a record; ``definedByChange`` follows from the files and the branches.
    package init(
        event: String?, workflow: String?, workflowRef: String?, head: String, base: String, mergeBase: String?,
        changedPipelineFiles: [String], differingFromBase: [String]? = nil, targetBranch: String? = nil, defaultBranch: String? = nil
    ) {
        self.event = event
        self.workflow = workflow
        self.workflowRef = workflowRef
        self.head = head
        self.base = base
        self.mergeBase = mergeBase
        self.changedPipelineFiles = changedPipelineFiles
        self.differingFromBase = differingFromBase
        self.targetBranch = targetBranch
        self.defaultBranch = defaultBranch
        self.definedByChange =
            !changedPipelineFiles.isEmpty || !(differingFromBase ?? []).isEmpty || Self.targetsAnotherBranch(targetBranch, defaultBranch)
    }

    /// Whether the signer was told the default branch and the change goes elsewhere (or nowhere
    /// it could tell): the test run's workflow came from that other branch.
    package static func targetsAnotherBranch(_ target: String?, _ defaultBranch: String?) -> Bool {
        guard let defaultBranch else { return false }
        return target != defaultBranch || defaultBranch.isEmpty
    }

    /// Why the pipeline is not the protected one, for `sign` and `verify`; `nil` when it is.
    package var reason: String? {
        guard definedByChange else { return nil }
        if Self.targetsAnotherBranch(targetBranch, defaultBranch) {
            let target = (targetBranch ?? "").isEmpty ? "a branch the signer could not tell" : "'\(targetBranch ?? "")'"
            return "the change goes into \(target), not the default branch '\(defaultBranch ?? "")', whose workflow ran its tests"
        }
        let edited = changedPipelineFiles.isEmpty ? (differingFromBase ?? []) : changedPipelineFiles
        let listed = edited.prefix(3).joined(separator: ", ") + (edited.count > 3 ? ", ..." : "")
        if changedPipelineFiles.isEmpty {
            return "its pipeline files differ from the default branch's tip (\(listed)): it ran an older pipeline"
        }
        return "the change edits its own pipeline (\(listed))"
    }

    /// One line for `sign` and `verify`.
    package var summary: String {
        let event = self.event.map { "\($0) " } ?? ""
        let from = "\(event)of \(head.prefix(12)) against \(base.prefix(12))"
        guard let reason else { return "pipeline: protected (\(from); the change edits no pipeline file)" }
        return "pipeline: defined by the change (\(from); \(reason))"
    }
}

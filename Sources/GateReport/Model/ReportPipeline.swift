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
    /// Whether the change edits its own pipeline: what ran the tests was written by the change.
    package var definedByChange: Bool

    /// Creates a record; ``definedByChange`` follows from `changedPipelineFiles`.
    package init(
        event: String?, workflow: String?, workflowRef: String?, head: String, base: String, mergeBase: String?,
        changedPipelineFiles: [String]
    ) {
        self.event = event
        self.workflow = workflow
        self.workflowRef = workflowRef
        self.head = head
        self.base = base
        self.mergeBase = mergeBase
        self.changedPipelineFiles = changedPipelineFiles
        self.definedByChange = !changedPipelineFiles.isEmpty
    }

    /// One line for `sign` and `verify`.
    package var summary: String {
        let event = self.event.map { "\($0) " } ?? ""
        let from = "\(event)of \(head.prefix(12)) against \(base.prefix(12))"
        guard definedByChange else { return "pipeline: protected (\(from); the change edits no pipeline file)" }
        let listed = changedPipelineFiles.prefix(3).joined(separator: ", ") + (changedPipelineFiles.count > 3 ? ", ..." : "")
        return "pipeline: defined by the change (\(from); it edits \(listed))"
    }
}

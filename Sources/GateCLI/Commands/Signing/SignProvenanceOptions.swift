//===----------------------------------------------------------------------===//
// SignProvenanceOptions.swift: `sign --repo --base --head` and what the trusted side says ran.
//===----------------------------------------------------------------------===//

import GateArchive

/// The options of `sign` that record where the folder came from (``PipelineSource``): the
/// repository to read as data, the protected base and the tested head, and what the signing
/// pipeline's own trigger says ran the tests (event, workflow file, the signing definition's ref).
enum SignProvenanceOptions {
    /// `--repo PATH`.
    static let repo = OptionSpec.value(
        "repo", kind: .text, valueName: "path",
        help: "A clone (bare is enough) holding --base and --head, read as data through libgit2 to find whether the change "
            + "edits its own pipeline (workflows, the action, acceptance-gate.json); nothing of it is checked out or run.")

    /// `--base REV`.
    static let base = OptionSpec.value(
        "base", kind: .text, valueName: "rev",
        help: "With --repo: the protected revision the change is compared with, e.g. origin/main (the default branch as the "
            + "signing side fetched it).")

    /// `--head SHA`.
    static let head = OptionSpec.value(
        "head", kind: .text, valueName: "sha",
        help: "With --repo: the commit the tests ran on, as the signing side's trigger says (full id, e.g. "
            + "github.event.workflow_run.head_sha); a report of another commit is refused (exit 1).")

    /// `--event NAME`.
    static let event = OptionSpec.value(
        "event", kind: .text, valueName: "name",
        help: "With --repo: the event that ran the tests as the signing side's trigger says (pull_request, push), recorded.")

    /// `--workflow PATH`.
    static let workflow = OptionSpec.value(
        "workflow", kind: .text, valueName: "path",
        help: "With --repo: the pipeline file that ran the tests (github.event.workflow_run.path), recorded and watched.")

    /// `--workflow-ref REF`.
    static let workflowRef = OptionSpec.value(
        "workflow-ref", kind: .text, valueName: "ref",
        help: "With --repo: the ref the signing pipeline's own definition came from (github.workflow_ref), recorded.")

    /// `--target-branch NAME`.
    static let targetBranch = OptionSpec.value(
        "target-branch", kind: .text, valueName: "name",
        help: "With --default-branch: the branch the change goes into as the signing side's trigger says (a pull request's "
            + "base.ref, a push's branch; \"\" when it cannot tell, as for a fork's pull request). Another branch than the "
            + "default ran its own workflow: the verdict is signed as defined by the change.")

    /// `--default-branch NAME`.
    static let defaultBranch = OptionSpec.value(
        "default-branch", kind: .text, valueName: "name",
        help: "With --target-branch: the repository's default branch, whose tip --base is; the pipeline is protected only "
            + "for a change into it.")

    /// The options, in the order help lists them.
    static let options = [repo, base, head, event, workflow, workflowRef, targetBranch, defaultBranch]

    /// The source the options describe; `nil` without `--repo`.
    ///
    /// - Throws: usage errors (exit 2): `--repo` without `--base` or `--head`, one of the others
    ///   without `--repo`, a head that is not a full commit id.
    static func source(_ arguments: ParsedArguments) throws(CommandLineError) -> PipelineSource? {
        guard let repository = arguments.text(Self.repo) else {
            if let stray = Self.options.dropFirst().first(where: { arguments.text($0) != nil }) {
                throw .invalidInput("\(stray.spelling) needs --repo: pass the clone to read the change from, with --base and --head")
            }
            return nil
        }
        guard let baseText = arguments.text(Self.base), let headText = arguments.text(Self.head) else {
            throw .invalidInput("--repo needs --base (the protected revision, e.g. origin/main) and --head (the tested commit's full id)")
        }
        let hex = headText.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
        guard [40, 64].contains(headText.utf8.count), hex else {
            throw .invalidValue(
                option: Self.head.spelling, value: headText,
                allowed: "the full commit id: 40 hex digits (64 in a SHA-256 repository), e.g. github.event.workflow_run.head_sha",
                command: arguments.command)
        }
        let target = arguments.text(Self.targetBranch)
        let defaultBranch = arguments.text(Self.defaultBranch)
        if (target == nil) != (defaultBranch == nil) {
            throw .invalidInput(
                "--target-branch and --default-branch go together: pass the branch the change goes into and the default branch")
        }
        return PipelineSource(
            repository: repository, base: baseText, head: headText, event: arguments.text(Self.event),
            workflow: arguments.text(Self.workflow), workflowRef: arguments.text(Self.workflowRef), targetBranch: target,
            defaultBranch: defaultBranch)
    }
}

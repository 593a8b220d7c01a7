//===----------------------------------------------------------------------===//
// UnmetRequirement.swift: one `--require-*` rule a verified report does not meet.
//===----------------------------------------------------------------------===//

import GateReport

/// One `--require-*` rule of ``VerifyRequirements`` that a validly signed report does not meet,
/// with what it found instead. One report's `verify` prints ``message`` on standard error; bulk
/// `verify` appends ``note`` to the report's line.
package enum UnmetRequirement: Equatable, Sendable {
    /// `--require-accepted`: the signed verdict is another.
    case notAccepted(ReportVerdict)
    /// `--require-no-warnings`: the run was accepted with warnings.
    case warned(count: Int)
    /// `--require-protected-pipeline`: the change defined its own pipeline, or the signer recorded
    /// no pipeline (`nil`).
    case pipelineNotProtected(ReportPipeline?)
    /// `--require-isolation`: the suites ran unseparated (`none`), or the report records nothing (`nil`).
    case notIsolated(ReportIsolation?)
    /// `--require-commit`: the report was signed for another commit.
    case otherCommit(signed: String, wanted: String)
    /// `--require-commit`: the right commit, but a dirty work tree, so not the commit's own result.
    case dirtyTree(commit: String)
    /// `--require-config`: the run used another configuration (or the report records none).
    case otherConfig(used: String?, wanted: String)
    /// `--require-shards`: not the merge of exactly these shards; `problem` says how.
    case otherShards(problem: String, wanted: Set<String>)

    /// The sentence for standard error when one report is verified.
    package var message: String {
        switch self {
        case .notAccepted(let verdict):
            return "the signed verdict is '\(verdict.rawValue)', and --require-accepted is set"
        case .warned(let count):
            return "the run was accepted with \(count) warning(s) (flaky or quarantined tests, or a quarantine entry that "
                + "matched no test), and --require-no-warnings is set"
        case .pipelineNotProtected(let pipeline):
            guard let pipeline else {
                return "the signer recorded no pipeline (sign --repo --base --head), and --require-protected-pipeline is set"
            }
            return "\(pipeline.reason ?? "the pipeline is not the protected one"), so what ran its tests was not the protected "
                + "pipeline, and --require-protected-pipeline is set"
        case .notIsolated(let isolation):
            return UnmetRequirement.isolationMessage(isolation)
        case let .otherCommit(signed, wanted):
            return "the report was signed for commit \(signed), not \(wanted) (--require-commit)"
        case .dirtyTree(let commit):
            return "the report was signed for a dirty work tree at \(commit), not for the commit itself "
                + "(--require-commit); run the gate on a clean checkout"
        case let .otherConfig(used, wanted):
            return "the run used the configuration with sha256 \(used ?? "(none)"), not \(wanted) "
                + "(--require-config): the change may have edited the policy it was judged by"
        case .otherShards(let problem, _):
            return problem
        }
    }

    /// The short note on the report's line in bulk `verify`.
    package var note: String {
        switch self {
        case .notAccepted: return "not accepted (--require-accepted)"
        case .warned(let count): return "\(count) warning(s) (--require-no-warnings)"
        case .pipelineNotProtected(let pipeline):
            return pipeline == nil
                ? "no pipeline recorded (--require-protected-pipeline)" : "pipeline defined by the change (--require-protected-pipeline)"
        case .notIsolated(let isolation):
            return isolation == nil ? "no isolation recorded (--require-isolation)" : "suites not separated (--require-isolation)"
        case .otherCommit(_, let wanted): return "not commit \(wanted) (--require-commit)"
        case .dirtyTree: return "a dirty work tree, not the commit itself (--require-commit)"
        case .otherConfig(_, let wanted): return "not configuration \(wanted.prefix(12)) (--require-config)"
        case .otherShards(_, let wanted): return "not the merge of \(wanted.sorted().joined(separator: ", ")) (--require-shards)"
        }
    }
}

extension UnmetRequirement {
    /// What `--require-isolation` says of a report without a separating record, in `verify` and
    /// `sign` alike: what the record says (or that there is none) and what to do.
    package static func isolationMessage(_ isolation: ReportIsolation?) -> String {
        let found =
            isolation.map { "the suites ran unseparated from the gate (\($0.summary))" }
            ?? "the report records no isolation (a gate that does not separate suites wrote it)"
        return found + ", and --require-isolation is set: run the gate where it can separate them (as root, or with sudo, "
            + "on a Linux runner; see docs/proofs.md)"
    }
}

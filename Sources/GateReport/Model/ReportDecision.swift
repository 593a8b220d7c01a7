//===----------------------------------------------------------------------===//
// ReportDecision.swift: the verdict and exit code, from the problems alone.
//===----------------------------------------------------------------------===//

/// The verdict and exit code of a run, decided from its problems and nothing else.
///
/// | problems | verdict | exit |
/// | --- | --- | --- |
/// | none | `accepted` | 0 |
/// | any `interrupted` | `aborted` | 143 for SIGTERM, else 130 |
/// | any `change` (and no interruption) | `rejected` | 1 |
/// | only `infrastructure` | `error` | 3 |
///
/// A change problem outranks an infrastructure one: a failing test is a definite answer that a
/// retry will not change, while the infrastructure problems beside it stay listed.
package struct ReportDecision: Equatable, Sendable {
    /// The verdict.
    package var verdict: ReportVerdict
    /// The process exit code that goes with it.
    package var exitCode: Int32

    /// Decides the verdict and exit code from `problems`.
    package static func decide(_ problems: [ReportProblem]) -> ReportDecision {
        if let interruption = problems.first(where: { $0.kind == .interrupted }) {
            return ReportDecision(verdict: .aborted, exitCode: interruption.signal == 15 ? 143 : 130)
        }
        if problems.contains(where: { $0.kind == .change }) {
            return ReportDecision(verdict: .rejected, exitCode: 1)
        }
        if problems.contains(where: { $0.kind == .infrastructure }) {
            return ReportDecision(verdict: .error, exitCode: 3)
        }
        return ReportDecision(verdict: .accepted, exitCode: 0)
    }

    /// The problems in the order people should read them: the interruption, then the change's
    /// problems, then infrastructure; within a kind, the specific ones (a failed test and its
    /// message, the tests not building, a foreign request, a leak) before the generic ones that
    /// follow from them (a suite's exit status, ``genericCodes``), each in the order the stages
    /// found them. The first is the verdict line's reason.
    package static func ordered(_ problems: [ReportProblem]) -> [ReportProblem] {
        let rank: [ReportProblemKind: Int] = [.interrupted: 0, .change: 1, .infrastructure: 2]
        func key(_ problem: ReportProblem) -> (Int, Int) {
            (rank[problem.kind] ?? 3, genericCodes.contains(problem.code) ? 1 : 0)
        }
        return problems.enumerated().sorted { left, right in
            let (a, b) = (key(left.element), key(right.element))
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }

    /// The codes that say only that something went wrong (the suite exited non-zero or crashed),
    /// which the specific problems beside them explain.
    package static let genericCodes: Set<ReportProblemCode> = [.suiteExitStatus, .suiteCrashed]
}

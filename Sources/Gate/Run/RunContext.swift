//===----------------------------------------------------------------------===//
// RunContext.swift: what every stage of one run shares.
//===----------------------------------------------------------------------===//

import GateConfig
import GateProcess
import GatePublishing
import GateReport
import TokenScan

/// What every stage of one run shares: the plan, the process around the run, the variables its
/// children get, the one redactor, the out folder, and the one place the run asks whether it was
/// interrupted.
struct RunContext {
    /// What to do.
    let plan: RunPlan
    /// What the run takes from the process around it: the supervisor, the gate's executable, its
    /// own variables (which hold the signing key: never a child's).
    let environment: RunEnvironment
    /// What every child gets (``ChildEnvironment``): the gate's variables without its secrets.
    let children: ChildEnvironment
    /// Redacts secrets (token-like strings, the signing key) from every line shown or written.
    let redactor: ReportRedactor
    /// The out folder.
    let folder: OutFolder

    /// The context of a run of `plan` in `environment`.
    init(plan: RunPlan, environment: RunEnvironment) {
        self.plan = plan
        self.environment = environment
        let variables = environment.variables
        let scan = ScanConfiguration(
            allow: plan.configuration.scan.allow, fingerprintKey: ScanConfiguration.fingerprintKey(environment: variables),
            scansBinaryContent: true)
        self.redactor = ReportRedactor(
            scanner: TokenScanner(configuration: scan), keyMaterial: KeyMaterial(variables[ConfigSigning.keyVariable].map { [$0] } ?? []))
        self.folder = OutFolder(plan.configuration.report.dir)
        self.children = ChildEnvironment(plan: plan, gate: variables)
    }

    /// The configuration the run follows.
    var configuration: GateConfiguration { plan.configuration }
    /// Where progress lines go.
    var progress: ProgressReporter { environment.progress }
    /// The signal that interrupted the run, if one did.
    var interruption: Int32? { environment.interruption }
    /// Whether a signal interrupted the run.
    var interrupted: Bool { interruption != nil }

    /// How long a process that escaped a stage's process group has between SIGTERM and SIGKILL, in
    /// the sweep after each stage and in the one (macOS) of what an earlier run's suites left.
    static let escapedGrace: Duration = .seconds(2)
    /// The grace of the sweep after a stage: ``escapedGrace``, or none once a signal interrupted
    /// the run (everything is being stopped anyway, and the gate has 5 seconds in all).
    var sweepGrace: Duration { interrupted ? .zero : Self.escapedGrace }

    /// How the report and the out folder name a suite's log (``ReportSuite/logPath(of:)``).
    static func logName(_ suite: String) -> String { ReportSuite.logPath(of: suite) }
}

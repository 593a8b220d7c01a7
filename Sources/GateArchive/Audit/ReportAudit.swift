//===----------------------------------------------------------------------===//
// ReportAudit.swift: the verdict re-derived from what the folder holds, before it is trusted.
//===----------------------------------------------------------------------===//

import Gate
import GateConfig
import GateCore
import GateDigest
import GateReport
import GateSigning

/// Re-derives a report's verdict from the folder it sits in, so that `sign` and `verify` take
/// nothing on the test job's word: a `report.json` whose verdict was rewritten after the run
/// (with its digest made consistent) is told apart from an honest one.
///
/// Three layers, each a list of ``ReportDisagreement``s:
/// - **Problems to verdict.** `verdict`, `exitCode` and `reasons` are what ``ReportDecision``
///   makes of the report's own `problems`, as `run` settled them.
/// - **Facts to verdict.** No `accepted` beside a suite that did not pass, a failed test no
///   quarantine covers, a missing expected test, an unproven fixture exit, a foreign request
///   over the configured number, a failed frame point, a scan finding, or a dirty tree where
///   the configuration requires a clean one.
/// - **Logs to facts.** Every xctest suite's archived log is parsed again by the gate's own
///   parser and judged by the rules `run` used (``SuiteLogJudgement``) against the configuration
///   the report carries (its bytes must have the recorded SHA-256): the tests, their statuses,
///   the missing tests and the problems must be what the log gives.
///
/// What the folder cannot show is taken as the run recorded it (docs/proofs.md): the fixture's
/// exit proof, the tree check, and the tests of a suite read from a result bundle.
package enum ReportAudit {
    /// The largest archived log read again: the most a run archives (1 GiB).
    package static let logLimit = EnvelopeVerifier.logLimit

    /// Every disagreement between `report` and the out folder `folder`, in the order of the
    /// layers above; empty when the report follows from what the folder holds.
    package static func disagreements(in report: GateReport, folder: String) -> [ReportDisagreement] {
        var found = settled(report)
        let (configuration, configProblems) = configuration(of: report)
        found += configProblems
        found += facts(report, configuration: configuration)
        if report.shards == nil {
            found += logs(report, folder: folder, configuration: configuration)
        }
        return found
    }

    /// `verdict`, `exitCode` and `reasons` against the report's own `problems`.
    static func settled(_ report: GateReport) -> [ReportDisagreement] {
        let decision = ReportDecision.decide(report.problems)
        var found: [ReportDisagreement] = []
        let source = "its problems (\(report.problems.count))"
        if decision.verdict != report.verdict {
            found.append(
                .init(
                    field: "verdict", reported: quoted(report.verdict.rawValue), derived: quoted(decision.verdict.rawValue), source: source)
            )
        }
        if let code = report.exitCode, code != Int(decision.exitCode) {
            found.append(.init(field: "exitCode", reported: "\(code)", derived: "\(decision.exitCode)", source: source))
        }
        let sentences = report.problems.map(\.sentence)
        if report.reasons != sentences {
            found.append(
                .init(
                    field: "reasons", reported: "\(report.reasons.count) sentence(s)",
                    derived: "\(sentences.count) (the problems' sentences in order)", source: source))
        }
        return found
    }

    /// The configuration the report carries, when its bytes are there, have the recorded digest
    /// and parse; the embedded default when the run used it. `nil` when the report withholds it
    /// (a token-like string in it) or an older gate wrote what this one no longer parses: the
    /// logs are then judged without the suites' expectations and quarantine, which only
    /// `--require-config` pins.
    static func configuration(of report: GateReport) -> (GateConfiguration?, [ReportDisagreement]) {
        guard let config = report.config else { return (nil, []) }
        guard let json = config.json else {
            return (config.path == ReportConfig.embeddedDefault ? GateConfiguration.embeddedDefault : nil, [])
        }
        guard json.first == "{" else { return (nil, []) }
        let bytes = Array(json.utf8)
        let digest = SHA256.hash(bytes).hex
        guard digest == config.sha256.lowercased() else {
            return (nil, [.init(field: "config.sha256", reported: config.sha256, derived: digest, source: "config.json's own bytes")])
        }
        return ((try? GateConfiguration.parse(bytes, file: config.path)), [])
    }

    /// The facts that forbid `accepted`, when the report says `accepted`.
    static func facts(_ report: GateReport, configuration: GateConfiguration?) -> [ReportDisagreement] {
        guard report.verdict == .accepted else { return [] }
        var facts: [(field: String, value: String)] = []
        for (index, suite) in report.suites.enumerated() {
            if suite.status != .passed {
                facts.append(("suites[\(index)].status", quoted(suite.status.rawValue)))
            }
            for (number, test) in suite.tests.enumerated() where test.status == .failed && test.quarantine == nil {
                facts.append(("suites[\(index)].tests[\(number)].status", "'failed' (\(test.qualifiedName), no quarantine)"))
            }
            if !suite.missingTests.isEmpty {
                facts.append(("suites[\(index)].missingTests", suite.missingTests.map(quoted).joined(separator: ", ")))
            }
        }
        if let exit = report.fixture?.exit, !exit.verified {
            facts.append(("fixture.exit.verified", "false"))
        }
        if let foreign = report.fixture?.ledger?.foreign.requests, let allowed = configuration?.fixture?.expectForeignRequests,
            foreign > allowed
        {
            facts.append(("fixture.ledger.foreign.requests", "\(foreign) (the configuration allows \(allowed))"))
        }
        for (index, point) in (report.frames?.points ?? []).enumerated() where !point.passed {
            facts.append(("frames.points[\(index)].passed", "false (\(point.name))"))
        }
        if let findings = report.scan?.findings, !findings.isEmpty {
            facts.append(("scan.findings", "\(findings.count) finding(s)"))
        }
        if let commit = report.commit, commit.dirty, configuration?.git.requireClean == true {
            facts.append(("commit.dirty", "true (the configuration requires a clean tree)"))
        }
        return facts.map { fact in
            ReportDisagreement(field: "verdict", reported: "'accepted'", derived: "not 'accepted'", source: "\(fact.field), \(fact.value),")
        }
    }

    /// Every xctest suite's archived log parsed and judged again, against the report's tests,
    /// missing tests and problems.
    static func logs(_ report: GateReport, folder: String, configuration: GateConfiguration?) -> [ReportDisagreement] {
        var found: [ReportDisagreement] = []
        let listed = Dictionary(report.logs.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let days = Set([report.startedAt, report.finishedAt].compactMap { $0.map { String($0.prefix(10)) } })
        let today = report.finishedAt.map { String($0.prefix(10)) } ?? ""
        for (index, suite) in report.suites.enumerated() where suite.kind == .xctest {
            guard let log = suite.log, suite.status != .error else { continue }
            let plan = configuration?.suites.first { $0.name == suite.name }
            if configuration != nil && plan == nil {
                found.append(
                    .init(
                        field: "suites[\(index)].name", reported: quoted(suite.name), derived: "no such suite", source: "the configuration")
                )
                continue
            }
            // A result bundle's tests are read from the bundle, which the folder does not hold whole.
            if plan?.xcresult != nil { continue }
            guard let entry = listed[log] else {
                found.append(.init(field: "suites[\(index)].log", reported: quoted(log), derived: "no such log", source: "logs[]"))
                continue
            }
            let parse: ArchivedLogParse
            do {
                parse = try ArchivedLogParse.read(join(folder, entry.path), within: folder.isEmpty ? "." : folder, limit: logLimit)
            } catch {
                found.append(
                    .init(field: "suites[\(index)].log", reported: quoted(log), derived: "nothing: \(error.reason)", source: "reading it"))
                continue
            }
            let source = "\(log) read again"
            guard parse.sha256.hex == entry.sha256.lowercased() else {
                found.append(.init(field: "logs[].sha256 of \(log)", reported: entry.sha256, derived: parse.sha256.hex, source: source))
                continue
            }
            let suitePlan = plan ?? ConfigSuite(name: suite.name, kind: .xctest)
            let complete = suite.status != .timedOut && report.verdict != .aborted
            let judged = SuiteLogJudgement.judge(parse.results, facts: parse.facts, plan: suitePlan, complete: complete, today: today)
            let known = plan != nil
            found += compare(
                tests: suite.tests, with: judged.tests, field: "suites[\(index)].tests", source: source, quarantine: known)
            // Without the configuration, what the plan decides (expectations, quarantine) is not re-derived.
            guard known else { continue }
            if judged.missing != suite.missingTests {
                found.append(
                    .init(
                        field: "suites[\(index)].missingTests", reported: list(suite.missingTests), derived: list(judged.missing),
                        source: source))
            }
            for problem in judged.problems where !(problem.code == .quarantineExpired && days.count > 1) {
                let codes: Set<ReportProblemCode> = problem.code == .zeroTests ? [.zeroTests, .testsDidNotBuild] : [problem.code]
                let present = report.problems.contains { codes.contains($0.code) && concerns($0.subject, suite: suite.name) }
                if !present {
                    found.append(
                        .init(
                            field: "problems", reported: "no '\(problem.code.rawValue)' problem for suite '\(suite.name)'",
                            derived: "one: \(problem.sentence)", source: source))
                }
            }
        }
        return found
    }

    /// The report's tests against the log's, as multisets of name, module, status and whether a
    /// quarantine covers them: the counts, and the first test that differs.
    static func compare(
        tests reported: [ReportTest], with derived: [ReportTest], field: String, source: String, quarantine: Bool = true
    ) -> [ReportDisagreement] {
        func key(_ test: ReportTest) -> String {
            let mark = quarantine && test.quarantine != nil ? " quarantined" : ""
            return "\(test.qualifiedName) \(test.framework ?? "xctest") \(test.status.rawValue)\(mark)"
        }
        let left = reported.map(key).sorted()
        let right = derived.map(key).sorted()
        guard left != right else { return [] }
        var counts: [String: Int] = [:]
        for name in left { counts[name, default: 0] += 1 }
        for name in right { counts[name, default: 0] -= 1 }
        let extra = counts.filter { $0.value > 0 }.keys.sorted().first
        let absent = counts.filter { $0.value < 0 }.keys.sorted().first
        let first = [extra.map { "'\($0)' only in report.json" }, absent.map { "'\($0)' only in the log" }].compactMap { $0 }
        return [
            ReportDisagreement(
                field: field, reported: tally(reported) + " (" + first.joined(separator: "; ") + ")", derived: tally(derived),
                source: source)
        ]
    }

    /// `3 passed, 1 failed, 0 skipped`.
    static func tally(_ tests: [ReportTest]) -> String {
        let counts = Dictionary(grouping: tests, by: \.status).mapValues(\.count)
        return "\(counts[.passed] ?? 0) passed, \(counts[.failed] ?? 0) failed, \(counts[.skipped] ?? 0) skipped"
    }

    /// Whether a problem's subject is `suite` or one of its tests.
    private static func concerns(_ subject: ReportSubject, suite: String) -> Bool {
        subject.suite == suite || (subject.type == .suite && subject.name == suite)
    }

    private static func quoted(_ text: String) -> String { "'\(text)'" }

    private static func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.map(quoted).joined(separator: ", ") }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }
}

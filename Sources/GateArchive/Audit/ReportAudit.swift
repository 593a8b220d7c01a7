//===----------------------------------------------------------------------===//
// ReportAudit.swift: the verdict re-derived from what the folder holds, before it is trusted.
//===----------------------------------------------------------------------===//

import GateConfig
import GateCore
import GateDigest
import GatePublishing
import GateReport
import GateSigning

/// Re-derives a report's verdict from the folder it sits in, so that `sign` and `verify` take
/// nothing on the test job's word: a `report.json` whose verdict was rewritten after the run
/// (with its digest made consistent) is told apart from an honest one.
///
/// Four layers, each a list of ``ReportDisagreement``s:
/// - **Problems to verdict.** `verdict`, `exitCode` and `reasons` are what ``ReportDecision``
///   makes of the report's own `problems`, as `run` settled them.
/// - **The plan.** The configuration the report carries must have the recorded SHA-256; an
///   `accepted` report must carry one this gate reads (or name the embedded default), and its
///   suites must be the configuration's, each with its own log.
/// - **Facts to verdict.** No `accepted` beside a suite that did not pass or exited non-zero
///   (unless every failure it had is quarantined), a failed test no quarantine covers, a missing
///   expected test, declared tests that never ran (unless the configuration only warns of them),
///   an unproven fixture exit, a foreign request over the configured number, a failed frame
///   point, a scan finding, or a dirty tree where a clean one is required.
/// - **Logs to facts.** Every xctest suite's archived log is parsed again by the gate's own
///   parser and judged by the rules `run` used (``SuiteLogJudgement``) against that
///   configuration: the tests, their statuses, the missing tests and the problems must be what
///   the log gives.
///
/// What the folder cannot show is taken as the run recorded it (docs/proofs.md): the fixture's
/// exit proof and ledger, the frame points, the tree check, and the tests of a suite read from a
/// result bundle.
package enum ReportAudit {
    /// The largest archived log read again: the most a run archives (1 GiB).
    package static let logLimit = EnvelopeVerifier.logLimit

    /// Every disagreement between `report` and the out folder `folder`, in the order of the
    /// layers above; empty when the report follows from what the folder holds.
    package static func disagreements(in report: GateReport, folder: String) -> [ReportDisagreement] {
        var found = settled(report)
        let (configuration, configProblems) = configuration(of: report)
        found += configProblems
        if let configuration, report.shards == nil {
            found += suites(report, configuration: configuration)
        }
        found += facts(report, configuration: configuration)
        // An interrupted run archived what it reached, and a merge copies no log.
        if report.shards == nil && report.verdict != .aborted {
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
            let first =
                zip(report.reasons, sentences).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(report.reasons.count, sentences.count)
            found.append(
                .init(
                    field: "reasons", reported: "\(report.reasons.count) sentence(s), the first differing at [\(first)]",
                    derived: "the problems' \(sentences.count) sentence(s), in order", source: source))
        }
        return found
    }

    /// The configuration the report carries, when its bytes are there, have the recorded digest
    /// and parse (a run of the embedded default carries its text). An `accepted` report must carry one:
    /// without it the suites' expectations and quarantine, which decide what passes, are the test
    /// job's word. Another report without one is judged on its facts alone (an older gate's
    /// configuration this one no longer reads among them).
    static func configuration(of report: GateReport) -> (GateConfiguration?, [ReportDisagreement]) {
        guard let config = report.config else {
            return (nil, report.verdict == .accepted ? [.forbidden(by: "config", "absent")] : [])
        }
        guard let json = config.json else {
            return (
                nil, report.verdict == .accepted ? [.forbidden(by: "config.json", "absent (the configuration is not in the report)")] : []
            )
        }
        let bytes = Array(json.utf8)
        let digest = SHA256.hash(bytes).hex
        guard digest == config.sha256.lowercased() else {
            return (nil, [.init(field: "config.sha256", reported: config.sha256, derived: digest, source: "config.json's own bytes")])
        }
        do {
            return (try GateConfiguration.parse(bytes, file: config.path), [])
        } catch {
            return (nil, report.verdict == .accepted ? [.forbidden(by: "config.json", "not a configuration this gate reads")] : [])
        }
    }

    /// An accepted report's suites against the configuration's: the same names and kinds in the
    /// same order, each xctest or command suite with its own log, as `run` names it.
    static func suites(_ report: GateReport, configuration: GateConfiguration) -> [ReportDisagreement] {
        guard report.verdict == .accepted else { return [] }
        let reported = report.suites.map { "\($0.name) (\($0.kind.rawValue))" }
        let planned = configuration.suites.map { "\($0.name) (\($0.kind.rawValue))" }
        guard reported == planned else {
            return [.init(field: "suites", reported: list(reported), derived: list(planned), source: "the configuration")]
        }
        return report.suites.enumerated().compactMap { index, suite in
            let own = ReportSuite.logPath(of: suite.name)
            guard suite.kind != .frames, suite.log != own else { return nil }
            return .init(
                field: "suites[\(index)].log", reported: suite.log.map(quoted) ?? "null", derived: quoted(own), source: "the suite's name")
        }
    }

    /// The facts that forbid `accepted`, when the report says `accepted`.
    static func facts(_ report: GateReport, configuration: GateConfiguration?) -> [ReportDisagreement] {
        guard report.verdict == .accepted else { return [] }
        var found: [ReportDisagreement] = []
        for (index, suite) in report.suites.enumerated() {
            if suite.status != .passed {
                found.append(.forbidden(by: "suites[\(index)].status", quoted(suite.status.rawValue)))
            }
            // A suite's non-zero exit rejects unless it only reports failures that are all quarantined.
            let quarantinedOnly =
                !suite.tests.filter { $0.status == .failed }.isEmpty
                && suite.tests.allSatisfy { $0.status != .failed || $0.quarantine != nil }
            if let exit = suite.exit, exit.signal != nil || (exit.code != 0 && !(suite.kind == .xctest && quarantinedOnly)) {
                found.append(.forbidden(by: "suites[\(index)].exit", exit.signal.map { "signal \($0)" } ?? "code \(exit.code ?? -1)"))
            }
            for (number, test) in suite.tests.enumerated() where test.status == .failed && test.quarantine == nil {
                found.append(.forbidden(by: "suites[\(index)].tests[\(number)].status", "'failed' (\(test.qualifiedName), no quarantine)"))
            }
            if !suite.missingTests.isEmpty {
                found.append(.forbidden(by: "suites[\(index)].missingTests", list(suite.missingTests)))
            }
            // Read from the package's sources, which the folder does not hold: taken as the run
            // recorded it, but what it recorded must not be accepted under `reject`.
            let warns =
                configuration?.suites.first { $0.name == suite.name }.map { $0.unrunTests == .warn } ?? (suite.unrunTestsWarn == true)
            if let unrun = suite.unrunTests, !unrun.isEmpty, !warns {
                found.append(.forbidden(by: "suites[\(index)].unrunTests", "\(unrun.count) test(s) that never ran"))
            }
        }
        if let exit = report.fixture?.exit, !exit.verified {
            found.append(.forbidden(by: "fixture.exit.verified", "false"))
        }
        if let foreign = report.fixture?.ledger?.foreign.requests, let allowed = configuration?.fixture?.expectForeignRequests,
            foreign > allowed
        {
            found.append(.forbidden(by: "fixture.ledger.foreign.requests", "\(foreign) (the configuration allows \(allowed))"))
        }
        for (index, point) in (report.frames?.points ?? []).enumerated() where !point.passed {
            found.append(.forbidden(by: "frames.points[\(index)].passed", "false (\(point.name))"))
        }
        if let findings = report.scan?.findings, !findings.isEmpty {
            found.append(.forbidden(by: "scan.findings", "\(findings.count) finding(s)"))
        }
        if let commit = report.commit, commit.dirty, configuration?.git.requireClean == true {
            found.append(.forbidden(by: "commit.dirty", "true (the configuration requires a clean tree)"))
        }
        return found
    }

    /// Every xctest suite's archived log parsed and judged again, against the report's tests,
    /// missing tests and problems.
    static func logs(_ report: GateReport, folder: String, configuration: GateConfiguration?) -> [ReportDisagreement] {
        var found: [ReportDisagreement] = []
        let listed = Dictionary(report.logs.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var parsed: Set<String> = []
        for (index, suite) in report.suites.enumerated() where suite.kind == .xctest {
            guard let log = suite.log, suite.status != .error else { continue }
            let plan = configuration?.suites.first { $0.name == suite.name }
            // A result bundle's tests are read from the bundle, which the folder does not hold whole.
            if plan?.xcresult != nil { continue }
            guard let entry = listed[log] else {
                // A log the archive could not keep (over its limit) is a problem of the run's own.
                let unarchived = report.problems.contains { $0.code == .incompleteLog && $0.subject.name == log }
                if !unarchived {
                    found.append(.init(field: "suites[\(index)].log", reported: quoted(log), derived: "no such log", source: "logs[]"))
                }
                continue
            }
            // One parse a log: two suites naming one log is refused for an accepted report above.
            guard parsed.insert(log).inserted else { continue }
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
            // `retry`: each attempt's log is read the same way and merged as `run` merged it.
            var retries: [(tests: [String], log: String, parse: ArchivedLogParse)] = []
            var unread = false
            for (number, attempt) in (suite.attempts ?? []).enumerated() {
                let field = "suites[\(index)].attempts[\(number)].log"
                let own = ReportSuite.attemptLogPath(of: suite.name, attempt: number + 1)
                guard attempt.log == own, let listing = listed[attempt.log], parsed.insert(attempt.log).inserted else {
                    found.append(
                        .init(field: field, reported: quoted(attempt.log), derived: quoted(own) + " in logs[]", source: "the suite's name"))
                    unread = true
                    continue
                }
                do {
                    let read = try ArchivedLogParse.read(
                        join(folder, listing.path), within: folder.isEmpty ? "." : folder, limit: logLimit)
                    guard read.sha256.hex == listing.sha256.lowercased() else {
                        found.append(
                            .init(
                                field: "logs[].sha256 of \(attempt.log)", reported: listing.sha256, derived: read.sha256.hex,
                                source: "\(attempt.log) read again"))
                        unread = true
                        continue
                    }
                    retries.append((attempt.tests, attempt.log, read))
                } catch {
                    found.append(
                        .init(field: field, reported: quoted(attempt.log), derived: "nothing: \(error.reason)", source: "reading it"))
                    unread = true
                }
            }
            if let plan, (suite.attempts?.count ?? 0) > plan.retryFailedTests {
                found.append(
                    .init(
                        field: "suites[\(index)].attempts", reported: "\(suite.attempts?.count ?? 0) attempt(s)",
                        derived: "at most \(plan.retryFailedTests)", source: "the suite's retry.failedTests"))
            }
            guard !unread else { continue }
            found += judge(parse, retries: retries, suite: suite, index: index, plan: plan, report: report, source: source)
        }
        return found
    }

    /// One suite's log judged again on each day the run may have judged it (it judges when the
    /// suite ends, between its start and its finish): the first day whose judgement the report
    /// agrees with, or the disagreements of the finishing day.
    private static func judge(
        _ parse: ArchivedLogParse, retries: [(tests: [String], log: String, parse: ArchivedLogParse)], suite: ReportSuite,
        index: Int, plan: ConfigSuite?, report: GateReport, source: String
    ) -> [ReportDisagreement] {
        let suitePlan = plan ?? ConfigSuite(name: suite.name, kind: .xctest)
        let complete = suite.status != .timedOut
        var merge = SuiteRetryMerge(first: parse.results, facts: parse.facts, log: suite.log ?? ReportSuite.logPath(of: suite.name))
        for (number, retry) in retries.enumerated() {
            // Each attempt ran the tests still failing before it, as `run` chose them.
            let failing = merge.failed.tests
            if !Set(retry.tests).isSubset(of: failing) {
                return [
                    .init(
                        field: "suites[\(index)].attempts[\(number)].tests", reported: list(retry.tests), derived: list(failing),
                        source: "the failed tests before it")
                ]
            }
            merge.merge(retry.parse.results, tests: retry.tests, log: retry.log)
        }
        var days: [String] = []
        for day in [report.finishedAt, report.startedAt].compactMap({ $0.map { String($0.prefix(10)) } }) where !days.contains(day) {
            days.append(day)
        }
        var first: [ReportDisagreement]?
        for day in days.isEmpty ? [""] : days {
            let judged = SuiteLogJudgement.judge(merge.results, facts: merge.facts, plan: suitePlan, complete: complete, today: day)
            var found = compare(
                tests: suite.tests, with: merge.recorded(judged.tests), field: "suites[\(index)].tests", source: source,
                quarantine: plan != nil)
            // Without the configuration, what the plan decides (expectations, quarantine) is not re-derived.
            if plan != nil {
                // A shard runs part of the tests, so it lists no entry as unmatched.
                let unmatched = report.shard == nil ? judged.unmatchedQuarantine : []
                if unmatched != (suite.unmatchedQuarantine ?? []) {
                    found.append(
                        .init(
                            field: "suites[\(index)].unmatchedQuarantine", reported: list(suite.unmatchedQuarantine ?? []),
                            derived: list(unmatched), source: source))
                }
                if judged.missing != suite.missingTests {
                    found.append(
                        .init(
                            field: "suites[\(index)].missingTests", reported: list(suite.missingTests), derived: list(judged.missing),
                            source: source))
                }
                for problem in judged.problems {
                    let codes: Set<ReportProblemCode> = problem.code == .zeroTests ? [.zeroTests, .testsDidNotBuild] : [problem.code]
                    if !report.problems.contains(where: { codes.contains($0.code) && concerns($0.subject, suite: suite.name) }) {
                        found.append(.missingProblem(problem.code.rawValue, suite: suite.name, source: source, sentence: problem.sentence))
                    }
                }
            }
            if found.isEmpty { return [] }
            if first == nil { first = found }
        }
        return first ?? []
    }

    /// The report's tests against the log's, as multisets of name, framework, status, whether a
    /// quarantine covers them and whether they were flaky: the counts, and the first test that differs. A name the report
    /// withheld, or the archived log redacted, for a token-like string in it matches any such name.
    static func compare(
        tests reported: [ReportTest], with derived: [ReportTest], field: String, source: String, quarantine: Bool = true
    ) -> [ReportDisagreement] {
        func key(_ test: ReportTest) -> String {
            let redacted = test.name == ReportRedactor.withheld || test.qualifiedName.contains("[REDACTED")
            let mark =
                (quarantine && test.quarantine != nil ? " quarantined" : "") + (test.flaky == true ? " flaky" : "")
                + (test.attempts.map { " attempts " + $0.map { "\($0.status.rawValue) in \($0.log)" }.joined(separator: ", ") } ?? "")
            return "\(redacted ? "(redacted)" : test.qualifiedName) \(test.framework ?? "xctest") \(test.status.rawValue)\(mark)"
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

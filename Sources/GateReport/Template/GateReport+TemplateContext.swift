//===----------------------------------------------------------------------===//
// GateReport+TemplateContext.swift: the values the Markdown and HTML templates read.
//===----------------------------------------------------------------------===//

import GitStamp

extension GateReport {
    /// The tree the templates read: the report's own fields under their JSON names, plus ready-made
    /// display fields (icons, counts, durations as text). `templates/README.md` lists every name.
    package var templateContext: TemplateValue {
        let allTests = suites.flatMap(\.tests)
        let findings = scan?.findings ?? []
        return .fields([
            "schemaVersion": .int(schemaVersion),
            "gateVersion": .string(gateVersion),
            "verdict": .string(verdict.rawValue),
            "verdictIcon": .string(Self.icon(verdict)),
            "verdictText": .string(verdictText),
            "warned": .bool(verdict == .accepted && !warnings.isEmpty),
            "warnings": .list(
                warnings.map { warning in
                    .fields([
                        "kind": .string(warning.kind.rawValue), "suite": .string(warning.suite), "test": .string(warning.test),
                        "sentence": .string(warning.sentence),
                    ])
                }),
            "warningSummary": .string(ReportWarning.summary(warnings)),
            "accepted": .bool(verdict == .accepted),
            "rejected": .bool(verdict == .rejected),
            "aborted": .bool(verdict == .aborted),
            "error": .bool(verdict == .error),
            "exitCode": exitCode.map(TemplateValue.int),
            "shard": shard.map(TemplateValue.string),
            "shards": shards.map { shards in
                .list(
                    shards.map { shard in
                        .fields([
                            "name": .string(shard.name), "verdict": .string(shard.verdict.rawValue),
                            "verdictIcon": .string(Self.icon(shard.verdict)), "commit": .string(shard.commit),
                            "commitShort": .string(String(shard.commit.prefix(12))), "envelopeSha256": .string(shard.envelopeSha256),
                            "reportSha256": .string(shard.reportSha256), "keyid": .string(shard.keyid),
                            "finishedAt": shard.finishedAt.map(TemplateValue.string), "suites": .int(shard.suites),
                            "tests": .int(shard.tests), "problems": .int(shard.problems),
                        ])
                    })
            },
            "reasons": .list(reasons.map(TemplateValue.string)),
            "problems": .list(
                problems.map { problem in
                    .fields([
                        "kind": .string(problem.kind.rawValue), "code": .string(problem.code.rawValue),
                        "subject": .string(problem.subject.label), "sentence": .string(problem.sentence),
                    ])
                }),
            "firstReason": reasons.first.map(TemplateValue.string),
            "failedTests": .list(
                suites.flatMap { suite in
                    suite.tests.filter { $0.status == .failed && $0.quarantine == nil }.map {
                        Self.failedTestContext($0, suite: suite.name)
                    }
                }),
            "startedAt": startedAt.map(TemplateValue.string),
            "finishedAt": finishedAt.map(TemplateValue.string),
            "commit": commit.map(Self.commitContext),
            "toolchain": toolchain.map { toolchain in
                .fields([
                    "swiftVersion": .string(toolchain.swiftVersion), "raw": .string(toolchain.raw),
                    "target": toolchain.target.map(TemplateValue.string), "os": .string(toolchain.os),
                    "xcode": toolchain.xcode.map(TemplateValue.string), "gateVersion": .string(toolchain.gateVersion),
                ])
            },
            "config": config.map { config in
                .fields([
                    "path": .string(config.path), "sha256": .string(config.sha256), "json": config.json.map(TemplateValue.string),
                    "base": config.base.map(TemplateValue.string), "changedFromBase": .bool(config.changedFromBase == true),
                    "changeWarning": config.changeWarning.map(TemplateValue.string),
                ])
            },
            "fixture": fixture.map(Self.fixtureContext),
            "suites": .list(suites.map(Self.suiteContext)),
            "frames": frames.map { frames in
                .fields([
                    "cases": .int(frames.cases),
                    "points": .list(
                        frames.points.map { point in
                            .fields([
                                "name": .string(point.name), "passed": .bool(point.passed),
                                "statusIcon": .string(point.passed ? "✅" : "❌"), "detail": .string(point.detail),
                            ])
                        }),
                ])
            },
            "scan": scan.map { scan in
                .fields([
                    "filesScanned": .int(scan.filesScanned), "suppressed": .int(scan.suppressed),
                    "findingCount": .int(scan.findings.count), "findings": .list(scan.findings.map(Self.findingContext)),
                ])
            },
            "hasFindings": .bool(!findings.isEmpty),
            "logs": .list(logs.map { .fields(["path": .string($0.path), "size": .int($0.size), "sha256": .string($0.sha256)]) }),
            "stages": .list(
                stages.map { stage in
                    .fields([
                        "name": .string(stage.name), "status": .string(stage.status.rawValue),
                        "statusIcon": .string(Self.icon(stage.status)),
                        "durationSeconds": stage.durationSeconds.map(TemplateValue.number),
                        "duration": .string(stage.durationSeconds.map { ReportDuration.text($0) + " s" } ?? "—"),
                        "detail": stage.detail.map(TemplateValue.string),
                    ])
                }),
            "isolation": isolation.map { isolation in
                .fields([
                    "mechanism": .string(isolation.mechanism.rawValue), "uid": isolation.uid.map(TemplateValue.int),
                    "gid": isolation.gid.map(TemplateValue.int), "namespaces": .list(isolation.namespaces.map(TemplateValue.string)),
                    "network": .string(isolation.network), "protectedPaths": .list(isolation.protectedPaths.map(TemplateValue.string)),
                    "reason": isolation.reason.map(TemplateValue.string), "separated": .bool(isolation.isSeparated),
                    "summary": .string(isolation.summary), "egressAttempts": .int(isolation.egressAttempts),
                    "hostNetworkSuites": .list(isolation.hostNetworkSuites.map(TemplateValue.string)),
                    "fetchedSuites": .list(isolation.fetchedSuites.map(TemplateValue.string)),
                ])
            },
            "isolationText": .string(Self.isolationText(isolation)),
            "signature": signature.map { signature in
                .fields([
                    "signed": .bool(signature.signed), "keyid": signature.keyid.map(TemplateValue.string),
                    "envelope": signature.envelope.map(TemplateValue.string),
                    "method": signature.method.map(TemplateValue.string), "testJob": signature.testJob.map(TemplateValue.string),
                    "signingJob": signature.signingJob.map(TemplateValue.string), "keySharedJob": .bool(signature.keySharedJob == true),
                    "provenance": signature.signed && signature.method != nil ? .string(signature.provenance) : nil,
                ])
            },
            "totals": .fields([
                "suites": .int(suites.count), "tests": .int(allTests.count),
                "passed": .int(allTests.count { $0.status == .passed }),
                "failed": .int(allTests.count { $0.status == .failed }),
                "skipped": .int(allTests.count { $0.status == .skipped }),
                "findings": .int(findings.count),
            ]),
        ])
    }

    // MARK: - Parts

    /// How the summaries name the suites' separation: the record's summary without its
    /// `isolation: ` label, or what a report without a record means.
    static func isolationText(_ isolation: ReportIsolation?) -> String {
        guard let isolation else { return "not recorded (a gate that does not separate suites wrote this report)" }
        let summary = isolation.summary
        let label = "isolation: "
        return summary.hasPrefix(label) ? String(summary.dropFirst(label.count)) : summary
    }

    /// The `commit` object.
    private static func commitContext(_ commit: CommitStamp) -> TemplateValue {
        .fields([
            "id": .string(commit.id), "shortId": .string(String(commit.id.prefix(12))),
            "branch": commit.branch.map(TemplateValue.string),
            "branchLabel": .string(commit.branch ?? "(detached HEAD)"), "detached": .bool(commit.detached),
            "dirty": .bool(commit.dirty), "changedPaths": .list(commit.changedPaths.map(TemplateValue.string)),
            "shallow": .bool(commit.shallow), "workTree": commit.workTree.map(TemplateValue.string),
            "ciCommit": commit.ciCommit.map { .fields(["id": .string($0.id), "variable": .string($0.variable)]) },
        ])
    }

    /// The `fixture` object.
    private static func fixtureContext(_ fixture: ReportFixture) -> TemplateValue {
        .fields([
            "command": .list(fixture.command.map(TemplateValue.string)),
            "commandLine": .string(ReportText.commandLine(fixture.command)),
            "pid": fixture.pid.map(TemplateValue.int),
            "ports": fixture.ports.map { .fields(["origin": .int($0.origin), "foreign": .int($0.foreign)]) },
            "readySeconds": fixture.readySeconds.map(TemplateValue.number),
            "ready": fixture.readySeconds.map { .string(ReportDuration.text($0) + " s") },
            "stop": fixture.stop.map { stop in
                .fields([
                    "how": .string(stop.how.rawValue), "seconds": .number(stop.seconds),
                    "duration": .string(ReportDuration.text(stop.seconds) + " s"),
                    "killed": .bool(stop.how == .killed),
                ])
            },
            "exit": fixture.exit.map { exit in
                .fields([
                    "status": .string(exit.status), "code": exit.code.map(TemplateValue.int),
                    "signal": exit.signal.map(TemplateValue.int), "verified": .bool(exit.verified),
                    "verifiedIcon": .string(exit.verified ? "✅" : "❌"),
                    "leftovers": .list(exit.leftovers.map { .fields(["pid": .int($0.pid), "command": .string($0.command)]) }),
                    "portsReleased": .bool(exit.portsReleased),
                    "guaranteesMissing": .list((exit.guarantees?.missing ?? []).map(TemplateValue.string)),
                ])
            },
            "ledger": fixture.ledger.map { ledger in
                .fields(["origin": listenerContext(ledger.origin), "foreign": listenerContext(ledger.foreign)])
            },
        ])
    }

    /// One listener's ledger.
    private static func listenerContext(_ ledger: ReportListenerLedger) -> TemplateValue {
        .fields([
            "port": .int(ledger.port), "requests": .int(ledger.requests),
            "paths": .list(ledger.paths.map(TemplateValue.string)),
            "headerNames": .list(ledger.headerNames.map(TemplateValue.string)),
        ])
    }

    /// One suite.
    private static func suiteContext(_ suite: ReportSuite) -> TemplateValue {
        .fields([
            "name": .string(suite.name), "kind": .string(suite.kind.rawValue),
            "command": .list(suite.command.map(TemplateValue.string)),
            "commandLine": .string(ReportText.commandLine(suite.command)),
            "status": .string(suite.status.rawValue), "statusIcon": .string(icon(suite.status)),
            "statusWord": .string(word(suite.status)),
            "statusLabel": .string(icon(suite.status) + " " + word(suite.status)),
            "passed": .bool(suite.status == .passed), "exit": suite.exit.map { .string($0.status) },
            "durationSeconds": .number(suite.durationSeconds),
            "duration": .string(ReportDuration.text(suite.durationSeconds) + " s"),
            "log": suite.log.map(TemplateValue.string),
            "tests": .list(suite.tests.map(testContext)),
            "listedTests": .list(listed(suite.tests).map(testContext)),
            "unlistedPassedCount": .int(max(0, suite.tests.count - listed(suite.tests).count)),
            "testCount": .int(suite.tests.count),
            "passedCount": .int(suite.tests.count { $0.status == .passed }),
            "failedCount": .int(suite.tests.count { $0.status == .failed }),
            "skippedCount": .int(suite.tests.count { $0.status == .skipped }),
            "missingTests": .list(suite.missingTests.map(TemplateValue.string)),
            "reasons": .list(suite.reasons.map(TemplateValue.string)),
        ])
    }

    /// The passing tests the Markdown summary lists by name before it only counts them.
    static let listedPassingTests = 100

    /// Every failed, flaky and skipped test, and the first ``listedPassingTests`` passing ones, in order:
    /// what the Markdown summary names (it must fit GitHub's step-summary limit).
    static func listed(_ tests: [ReportTest]) -> [ReportTest] {
        var passing = 0
        return tests.filter { test in
            guard test.status == .passed, test.flaky != true else { return true }
            passing += 1
            return passing <= listedPassingTests
        }
    }

    /// One test. A flaky test and a quarantined failure carry `flaky` / `quarantined` and a status
    /// that says so, with ⚠️, wherever a template prints a test's status; the others, most of a
    /// large report, cost nothing more (a render after a signal must end within seconds).
    private static func testContext(_ test: ReportTest) -> TemplateValue {
        let flaky = test.flaky == true
        var status = test.status.rawValue
        if flaky { status = "passed (flaky)" }
        if let quarantine = test.quarantine { status = "failed (quarantined until \(quarantine.expires), owner \(quarantine.owner))" }
        let warned = flaky || test.quarantine != nil
        return .fields([
            "name": .string(test.name), "status": .string(status),
            "statusIcon": .string(warned ? "⚠️" : icon(test.status)), "durationSeconds": test.durationSeconds.map(TemplateValue.number),
            "duration": .string(test.durationSeconds.map { ReportDuration.text($0) + " s" } ?? "—"),
            "message": test.message.map(TemplateValue.string),
            "module": test.module.map(TemplateValue.string), "qualifiedName": .string(test.qualifiedName),
            "flaky": flaky ? .bool(true) : nil, "quarantined": test.quarantine == nil ? nil : .bool(true),
        ])
    }

    /// One failed test for the list every format puts before the stamp: its suite, its name (also
    /// as `breakableName`, HTML with a `<wbr>` after each `.` and `/`, so a long
    /// `Module.Class.testMethod` breaks between its parts and never inside a word), its message and
    /// where it failed.
    private static func failedTestContext(_ test: ReportTest, suite: String) -> TemplateValue {
        var location: String?
        if let file = test.file { location = test.line.map { "\(file):\($0)" } ?? file }
        return .fields([
            "suite": .string(suite), "name": .string(test.name), "qualifiedName": .string(test.qualifiedName),
            "breakableName": .string(breakable(test.qualifiedName)), "message": test.message.map(TemplateValue.string),
            "location": location.map(TemplateValue.string),
        ])
    }

    /// `name` cleaned and HTML-escaped, with `<wbr>` after each `.` and `/`: for `{{{…}}}` in HTML.
    static func breakable(_ name: String) -> String {
        var result = ""
        for character in ReportText.htmlEscaped(ReportText.clean(name)) {
            result.append(character)
            if character == "." || character == "/" { result += "<wbr>" }
        }
        return result
    }

    /// One finding; never the secret (the report holds none).
    private static func findingContext(_ finding: ReportFinding) -> TemplateValue {
        var location = "\(finding.file):\(finding.line)"
        if let column = finding.column { location += ":\(column)" }
        return .fields([
            "file": .string(finding.file), "line": .int(finding.line), "column": finding.column.map(TemplateValue.int),
            "location": .string(location), "rule": .string(finding.rule), "fingerprint": .string(finding.fingerprint),
            "preview": finding.preview.map(TemplateValue.string), "confidence": finding.confidence.map(TemplateValue.string),
        ])
    }

    // MARK: - Icons

    /// ✅ accepted, ❌ rejected, ⚠️ error, ⛔ aborted.
    static func icon(_ verdict: ReportVerdict) -> String {
        switch verdict {
        case .accepted: "✅"
        case .rejected: "❌"
        case .error: "⚠️"
        case .aborted: "⛔"
        }
    }

    /// A suite status as people write it: `passed`, `failed`, `timed out`, `error`.
    static func word(_ status: ReportSuiteStatus) -> String {
        switch status {
        case .passed: "passed"
        case .failed: "failed"
        case .timedOut: "timed out"
        case .error: "error"
        }
    }

    /// ✅ passed, ❌ failed, ⏱️ timed out, ⚠️ error.
    static func icon(_ status: ReportSuiteStatus) -> String {
        switch status {
        case .passed: "✅"
        case .failed: "❌"
        case .timedOut: "⏱️"
        case .error: "⚠️"
        }
    }

    /// ✅ passed, ❌ failed, ⏭️ skipped.
    static func icon(_ status: ReportTestStatus) -> String {
        switch status {
        case .passed: "✅"
        case .failed: "❌"
        case .skipped: "⏭️"
        }
    }

    /// ✅ passed, ❌ failed, ⏭️ skipped, ⛔ aborted.
    static func icon(_ status: ReportStageStatus) -> String {
        switch status {
        case .passed: "✅"
        case .failed: "❌"
        case .skipped: "⏭️"
        case .aborted: "⛔"
        }
    }
}

//===----------------------------------------------------------------------===//
// AcceptanceRun.swift: the pipeline of `acceptance-gate run`, stage by stage.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateProcess
import GateReport
import GateSigning
import GitStamp
import TokenScan
import ToolchainStamp

/// One run of the gate: stamp → fixture → suites → stop and exit proof → ledger → scan → render →
/// sign → verdict (design.md, "Stages"). Every stage is timed and recorded; a run that fails early
/// or is interrupted still writes its report with whatever it had.
package final class AcceptanceRun {
    /// What to do.
    package let plan: RunPlan
    /// What the run takes from the process around it.
    package let environment: RunEnvironment

    private var report: GateReport
    private var infrastructure: [String] = []
    private let scanner: TokenScanner
    /// The configuration's SHA-256 (in the report and in the signed statement).
    private let configDigest: String
    private var renderer = ReportRenderer()
    private var renderedFormats: [ReportFormat] = []
    private let stopToken = GitHubActions.randomToken()
    private var stageStarted = ContinuousClock.now
    private var signingKey: SigningKey?

    /// Prepares a run.
    package init(plan: RunPlan, environment: RunEnvironment) {
        self.plan = plan
        self.environment = environment
        self.report = GateReport(gateVersion: environment.gateVersion, verdict: .rejected)
        self.configDigest = SHA256.hash(plan.configBytes).hex
        self.scanner = TokenScanner(configuration: ScanConfiguration(allow: plan.scanAllow, fingerprintKey: plan.fingerprintKey))
    }

    private var progress: ProgressReporter { environment.progress }
    private var interrupted: Bool { environment.monitor?.received != nil }
    private var outFolder: String { plan.outDirectory.hasSuffix("/") ? plan.outDirectory : plan.outDirectory + "/" }
    private var logsFolder: String { outFolder + "logs/" }

    /// Runs every stage and writes the report.
    /// - Returns: the report, the exit code and the files written.
    /// - Throws: ``GateRunError/outDirectoryUnwritable(path:reason:)`` when not even the report can be
    ///   written (nothing else stops a run from reporting).
    package func execute() throws(GateRunError) -> RunOutcome {
        report.startedAt = ReportTimestamp.string(secondsSince1970: environment.wallClock())
        report.config = ReportConfig(
            path: plan.configSource, sha256: configDigest,
            json: plan.configBytes.isEmpty ? nil : String(decoding: plan.configBytes, as: UTF8.self))
        try prepareOutFolder()
        // In GitHub Actions, nothing the children print (test names, failure messages quoted in
        // progress lines) may act as a workflow command: commands stay off until our annotations.
        if GitHubActions.isActive(environment: environment.variables) {
            progress.annotation("::stop-commands::\(stopToken)")
        }
        progress.line("acceptance-gate \(environment.gateVersion): \(plan.suites.count) suite(s), report in \(plan.outDirectory)")

        let ready = stamp() && loadKey()
        var fixture: RunningFixture?
        if ready, !interrupted, let fixturePlan = plan.fixture {
            fixture = startFixture(fixturePlan)
        }
        let fixtureReady = plan.fixture == nil || fixture != nil
        for suite in plan.suites {
            if !ready || !fixtureReady || interrupted {
                skip("suite \(suite.name)", because: interrupted ? "interrupted" : "an earlier stage failed")
                continue
            }
            runSuite(suite, fixture: fixture)
        }
        if let fixture, let fixturePlan = plan.fixture {
            stopFixture(fixture, plan: fixturePlan)
        }
        collectLogs()
        scanLogs()
        var files = try render()
        files += sign()
        return finish(files: files)
    }

    // MARK: - Stages

    /// The file that marks a `logs/` folder as the gate's own, so a later run may clear it.
    static let logsMarker = ".acceptance-gate-logs"

    /// The files a run writes at the top of the out folder; a new run removes them first, so no
    /// file (an old signature above all) survives from an earlier run.
    static let outputNames = ["report.json", "report.dsse.json", "junit.xml", "summary.md", "report.html"]

    /// Creates the out folder and an empty `logs/` in it, removing an earlier run's outputs. A
    /// `logs/` folder the gate did not create is never cleared.
    private func prepareOutFolder() throws(GateRunError) {
        let fileManager = FileManager.default
        do {
            try AtomicFile.createDirectory(plan.outDirectory)
            if fileManager.fileExists(atPath: logsFolder) {
                guard fileManager.fileExists(atPath: logsFolder + Self.logsMarker) else {
                    throw GateRunError.outDirectoryUnwritable(
                        path: plan.outDirectory,
                        reason: "its logs/ folder was not written by acceptance-gate, and a run would replace it")
                }
                try? fileManager.removeItem(atPath: logsFolder)
            }
            for name in Self.outputNames {
                try? fileManager.removeItem(atPath: outFolder + name)
            }
            try AtomicFile.createDirectory(logsFolder)
            try AtomicFile.write([], to: logsFolder + Self.logsMarker)
        } catch let error as GateRunError {
            throw error
        } catch {
            throw .outDirectoryUnwritable(path: plan.outDirectory, reason: "\(error)")
        }
        guard access(plan.outDirectory, W_OK) == 0 else {
            throw .outDirectoryUnwritable(path: plan.outDirectory, reason: String(cString: strerror(errno)))
        }
    }

    /// The commit and toolchain stamps; a dirty tree under `requireClean` rejects.
    private func stamp() -> Bool {
        begin()
        do {
            report.commit = try GitStamp.read(from: plan.repositoryDirectory, environment: environment.variables)
        } catch {
            infrastructure.append(clean(error.description))
            end("stamp", .failed, detail: error.description)
            return false
        }
        do {
            if let command = environment.swiftCommand {
                report.toolchain = try ToolchainStamp.read(
                    gateVersion: environment.gateVersion, environment: environment.variables, swiftCommand: command)
            } else {
                report.toolchain = try ToolchainStamp.read(gateVersion: environment.gateVersion, environment: environment.variables)
            }
        } catch {
            infrastructure.append(clean(error.description))
            end("stamp", .failed, detail: error.description)
            return false
        }
        guard let commit = report.commit else { return false }
        let short = String(commit.id.prefix(12))
        let state = commit.dirty ? "dirty, \(commit.changedPaths.count) changed" : "clean"
        let detail = "commit \(short) (\(commit.branch ?? "detached"), \(state)), swift \(report.toolchain?.swiftVersion ?? "?")"
        // The gate's own out folder inside the work tree is not a change under test.
        let changes = commit.changedPaths.filter { !isInsideOutFolder($0, workTree: commit.workTree) }
        if plan.requireClean && !changes.isEmpty {
            let paths = changes.prefix(5).joined(separator: ", ")
            report.reasons.append(
                clean("the work tree is dirty and --require-clean is set: \(paths)\(changes.count > 5 ? ", …" : "")"))
            end("stamp", .failed, detail: detail + "; --require-clean rejects it")
            return false
        }
        end("stamp", .passed, detail: detail)
        return true
    }

    /// True when `path` (relative to the work tree) lies in the out folder.
    private func isInsideOutFolder(_ path: String, workTree: String?) -> Bool {
        guard let workTree else { return false }
        let root = URL(fileURLWithPath: workTree).standardizedFileURL.path
        let out = URL(fileURLWithPath: plan.outDirectory).standardizedFileURL.path
        guard out.hasPrefix(root + "/") else { return false }
        let relative = String(out.dropFirst(root.count + 1))
        return path == relative || path == relative + "/" || path.hasPrefix(relative + "/")
    }

    /// Loads the signing key now, so a missing one fails before the suites spend their time.
    private func loadKey() -> Bool {
        begin()
        do {
            if let key = try SigningKey.load(environmentVariable: plan.keyEnvironmentVariable, environment: environment.variables) {
                signingKey = key
            } else if let file = plan.keyFile, plan.keyFileRequired || FileManager.default.fileExists(atPath: file) {
                signingKey = try SigningKey.load(pemFile: file)
            }
        } catch {
            report.reasons.append(clean("the signing key cannot be used: \(error.description)"))
            end("key", .failed, detail: error.description)
            return false
        }
        report.signature = ReportSignature(signed: false)
        if signingKey == nil && plan.requireSignature {
            let where_ = plan.keyFile.map { "'\($0)' or " } ?? ""
            report.reasons.append(
                "--require-signature is set but there is no signing key (looked in \(where_)$\(plan.keyEnvironmentVariable)); "
                    + "create one with 'acceptance-gate keygen --out gate'")
            end("key", .failed, detail: "no signing key")
            return false
        }
        if let signingKey {
            report.signature = ReportSignature(signed: true, keyid: signingKey.publicKey.keyID, envelope: "report.dsse.json")
        }
        return true
    }

    private func startFixture(_ fixturePlan: FixturePlan) -> RunningFixture? {
        begin()
        do {
            let fixture = try FixtureStage.start(
                fixturePlan, logPath: logsFolder + "fixture.log", ledgerPath: logsFolder + "fixture-ledger.json",
                workingDirectory: plan.repositoryDirectory, environment: environment)
            report.fixture = ReportFixture(
                command: fixture.command, pid: Int(fixture.child.pid),
                ports: fixture.ports.map { ReportPorts(origin: $0.origin, foreign: $0.foreign) },
                readySeconds: ReportDuration.rounded(fixture.readySeconds))
            let urls = fixture.ports.map { "origin=\($0.originURL) foreign=\($0.foreignURL)" } ?? "ready"
            end("fixture", .passed, detail: "\(urls), pid \(fixture.child.pid)")
            return fixture
        } catch {
            infrastructure.append(clean(error.description))
            end("fixture", .failed, detail: error.description)
            return nil
        }
    }

    private func runSuite(_ suite: SuitePlan, fixture: RunningFixture?) {
        begin()
        let logName = "logs/\(suite.name).log"
        var variables = environment.variables
        variables.merge(plan.fixture?.environment ?? [:]) { _, new in new }
        variables.merge(fixture?.suiteEnvironment ?? [:]) { _, new in new }
        variables.merge(suite.environment) { _, new in new }
        let result: ReportSuite
        switch suite.kind {
        case .frames(let decoder, let limit):
            let outcome = FrameSuiteStage.run(
                suite, decoder: decoder, limit: limit, logPath: outFolder + logName, relativeLog: logName,
                environment: environment)
            result = outcome.suite
            report.frames = outcome.frames
        case .xctest, .command:
            result = SuiteStage.run(
                suite, logPath: outFolder + logName, relativeLog: logName, variables: variables,
                workingDirectory: plan.repositoryDirectory, environment: environment)
        }
        report.suites.append(result)
        // A suite that timed out or could not run at all is the machine's failure (exit 3), unless
        // the run was interrupted; a failed test is the change's (exit 1).
        let machine = (result.status == .timedOut || result.status == .error) && !interrupted
        for (index, reason) in result.reasons.enumerated() {
            let sentence = clean("suite '\(suite.name)': \(reason)" + (index == 0 ? " (see \(logName))" : ""))
            if machine {
                infrastructure.append(sentence)
            } else {
                report.reasons.append(sentence)
            }
        }
        let counts = Dictionary(grouping: result.tests, by: \.status).mapValues(\.count)
        var detail = result.tests.isEmpty ? result.status.rawValue : "\(counts[.passed] ?? 0) passed"
        if let failed = counts[.failed] { detail += ", \(failed) failed" }
        if let skipped = counts[.skipped] { detail += ", \(skipped) skipped" }
        if let first = result.reasons.first { detail += "; \(first)" }
        end("suite \(suite.name)", result.status == .passed ? .passed : (interrupted ? .aborted : .failed), detail: detail)
    }

    private func stopFixture(_ fixture: RunningFixture, plan fixturePlan: FixturePlan) {
        begin()
        let result = FixtureStage.stop(fixture, plan: fixturePlan, environment: environment)
        report.fixture = result.report
        if !interrupted {
            report.reasons += result.problems.map(clean)
        }
        let exit = result.report.exit
        var detail = "\(result.report.stop?.how.rawValue ?? "stopped"), \(exit?.status ?? "no status")"
        detail += exit?.verified == true ? ", group empty, ports released" : ", exit NOT verified"
        if let ledger = result.report.ledger {
            detail += "; foreign requests \(ledger.foreign.requests)"
        }
        end("fixture stop", result.problems.isEmpty ? .passed : .failed, detail: detail)
        for problem in result.problems {
            progress.note(clean(problem), important: true)
        }
    }

    /// Every file under `logs/`, with its size and SHA-256 (what `verify` checks later).
    private func collectLogs() {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: logsFolder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        report.logs = names.compactMap { name in
            guard let hashed = try? SHA256.hash(fileAtPath: logsFolder + name) else { return nil }
            return ReportLog(path: "logs/\(name)", size: hashed.size, sha256: hashed.digest.hex)
        }
    }

    /// Scans every captured log and the configured extra paths.
    private func scanLogs() {
        begin()
        var findings: [ReportFinding] = []
        var suppressed = 0
        var files = 0
        let scanner = self.scanner
        var targets = report.logs.map { (outFolder + $0.path, $0.path) }
        for extra in plan.scanPaths {
            targets += Self.files(under: extra).map { ($0, $0) }
        }
        for (path, display) in targets {
            do {
                let result = try scanner.scan(fileAtPath: path, displayPath: display)
                files += 1
                suppressed += result.suppressedCount
                findings += result.findings.map(Self.reportFinding)
            } catch {
                report.reasons.append("the leak scan could not read '\(display)': \(error.description)")
            }
        }
        report.scan = ReportScan(filesScanned: files, findings: findings, suppressed: suppressed)
        if !findings.isEmpty {
            let where_ = Set(findings.map(\.file)).sorted().prefix(3).joined(separator: ", ")
            report.reasons.append("\(findings.count) token-like string(s) leaked into \(where_) (see scan.findings)")
        }
        end("scan", findings.isEmpty ? .passed : .failed, detail: "\(files) file(s), \(findings.count) finding(s), \(suppressed) allowed")
    }

    /// `text`, or a note in its place when it holds a token-like string (never part of the secret).
    private func clean(_ text: String) -> String {
        let result = scanner.scan(bytes: Array(text.utf8), displayPath: "text")
        return result.findings.isEmpty ? text : "(withheld: it contains a token-like string; see the scan findings)"
    }

    /// ``clean(_:)`` for an optional.
    private func clean(_ text: String?) -> String? {
        text.map { clean($0) }
    }

    /// Withholds any free text in the report that holds a token-like string, so no rendered file
    /// can carry one (a test's failure message may quote a secret).
    /// (Stage details are withheld as they are recorded, in ``end(_:_:detail:)``.)
    private func withholdSecretsInText() {
        report.reasons = report.reasons.map { clean($0) }
        if let command = report.fixture?.command {
            report.fixture?.command = command.map { clean($0) }
        }
        if var ledger = report.fixture?.ledger {
            ledger.origin.paths = ledger.origin.paths.map { clean($0) }
            ledger.foreign.paths = ledger.foreign.paths.map { clean($0) }
            report.fixture?.ledger = ledger
        }
        if let json = report.config?.json, clean(json) != json {
            report.config?.json = "(withheld: the configuration contains a token-like string; see scan.findings)"
        }
        if var commit = report.commit {
            commit.changedPaths = commit.changedPaths.map { clean($0) }
            commit.branch = clean(commit.branch)
            report.commit = commit
        }
        for index in report.suites.indices {
            report.suites[index].command = report.suites[index].command.map { clean($0) }
            report.suites[index].reasons = report.suites[index].reasons.map { clean($0) }
            for test in report.suites[index].tests.indices {
                report.suites[index].tests[test].message = clean(report.suites[index].tests[test].message)
                report.suites[index].tests[test].name = clean(report.suites[index].tests[test].name)
            }
        }
    }

    /// Renders every format, then scans what it wrote; a leak there is a rejection too. `report.json`
    /// is written last, so it records the render stage as well (the sign stage, which needs the
    /// finished `report.json`, is in the progress output only).
    private func render() throws(GateRunError) -> [String] {
        begin()
        settleVerdict()
        withholdSecretsInText()
        if let folder = plan.templatesDirectory {
            do {
                renderer = ReportRenderer(templates: try ReportTemplates.load(from: folder))
            } catch {
                report.reasons.append("the report templates in '\(folder)' cannot be used: \(error.description)")
                settleVerdict()
            }
        }
        var others: [ReportFormat] = []
        for name in plan.formats {
            if let format = try? ReportFormat.parse(name), format != .json, !others.contains(format) {
                others.append(format)
            }
        }
        renderedFormats = others
        var written = try write(others, with: renderer)
        // The rendered files are outputs of the gate too: scan them.
        let leaked = scanOutputs(written)
        if !leaked.isEmpty {
            report.scan?.findings += leaked
            report.reasons.append("\(leaked.count) token-like string(s) reached the rendered report files")
            settleVerdict()
            written = try write(others, with: renderer)
        }
        end("render", .passed, detail: (["report.json"] + written).joined(separator: ", "))
        _ = try write([.json], with: renderer)
        let leakedIntoJSON = scanOutputs(["report.json"])
        if !leakedIntoJSON.isEmpty {
            report.scan?.findings += leakedIntoJSON
            report.reasons.append("\(leakedIntoJSON.count) token-like string(s) reached report.json")
            settleVerdict()
            _ = try write([.json], with: renderer)
        }
        if GitHubActions.isActive(environment: environment.variables) {
            progress.annotation("::\(stopToken)::")
            for annotation in GitHubActions.annotations(for: report) {
                progress.annotation(annotation)
            }
            _ = try? GitHubActions.appendSummary(renderer.markdown(report), environment: environment.variables)
        }
        return ["report.json"] + written
    }

    /// Writes `formats` into the out folder.
    private func write(_ formats: [ReportFormat], with renderer: ReportRenderer) throws(GateRunError) -> [String] {
        do {
            return try renderer.render(report, formats: formats, to: plan.outDirectory)
        } catch {
            throw .outDirectoryUnwritable(path: plan.outDirectory, reason: error.description)
        }
    }

    /// The findings in files the gate wrote (names relative to the out folder).
    private func scanOutputs(_ names: [String]) -> [ReportFinding] {
        let scanner = self.scanner
        return names.flatMap { name in
            ((try? scanner.scan(fileAtPath: outFolder + name, displayPath: name))?.findings ?? []).map(Self.reportFinding)
        }
    }

    /// Signs `report.json` (DSSE envelope around an in-toto Statement) when there is a key.
    private func sign() -> [String] {
        begin()
        guard let key = signingKey else {
            end("sign", nil, detail: "skipped: no signing key (see 'acceptance-gate keygen')")
            return []
        }
        do {
            let reportDigest = try SHA256.hash(fileAtPath: outFolder + "report.json").digest.hex
            var subjects = [ResourceDescriptor.sha256(name: "report.json", hex: reportDigest)]
            if let commit = report.commit {
                subjects.insert(ResourceDescriptor.gitCommit(name: "commit", id: commit.id), at: 0)
            }
            let tests = report.suites.flatMap { suite in suite.tests.map { ("\(suite.name)/\($0.name)", $0.status) } }
            let statement = InTotoStatement(
                subjects: subjects, result: report.verdict == .accepted ? .passed : .failed,
                passedTests: tests.filter { $0.1 == .passed }.map(\.0), failedTests: tests.filter { $0.1 == .failed }.map(\.0),
                configuration: [ResourceDescriptor.sha256(name: plan.configSource, hex: configDigest)])
            let envelope = DSSEEnvelope.sign(payload: statement.jsonBytes, payloadType: DSSEEnvelope.inTotoPayloadType, key: key)
            try AtomicFile.write(envelope.jsonBytes, to: outFolder + "report.dsse.json")
            end("sign", .passed, detail: "report.dsse.json, keyid \(key.publicKey.keyID.prefix(16))…")
            return ["report.dsse.json"]
        } catch {
            // The report said it would be signed: say it is not, and reject (exit 3).
            infrastructure.append(clean("the report could not be signed: \(error)"))
            end("sign", .failed, detail: "\(error)")
            report.signature = ReportSignature(signed: false)
            settleVerdict()
            try? FileManager.default.removeItem(atPath: outFolder + "report.dsse.json")
            _ = try? write(renderedFormats, with: renderer)
            _ = try? write([.json], with: renderer)
            return []
        }
    }

    /// The verdict from what was found.
    private func settleVerdict() {
        if interrupted {
            report.verdict = .aborted
            let name = environment.monitor?.received.map { $0 == SIGINT ? "SIGINT" : ($0 == SIGTERM ? "SIGTERM" : "signal \($0)") }
            if !report.reasons.contains(where: { $0.hasPrefix("the run was interrupted") }) {
                report.reasons.insert("the run was interrupted by \(name ?? "a signal"); every child was stopped", at: 0)
            }
        } else if !infrastructure.isEmpty || !report.reasons.isEmpty {
            report.verdict = .rejected
            for problem in infrastructure.reversed() where !report.reasons.contains(problem) {
                report.reasons.insert(problem, at: 0)
            }
        } else {
            report.verdict = .accepted
        }
        report.finishedAt = ReportTimestamp.string(secondsSince1970: environment.wallClock())
    }

    private func finish(files: [String]) -> RunOutcome {
        let code: Int32
        switch report.verdict {
        case .aborted: code = environment.monitor?.exitCode ?? 130
        case .rejected: code = infrastructure.isEmpty ? 1 : 3
        case .accepted: code = 0
        }
        let tests = report.suites.reduce(0) { $0 + $1.tests.count }
        let commit = report.commit.map { " at \($0.id.prefix(12))" } ?? ""
        switch report.verdict {
        case .accepted:
            progress.verdict("accepted: \(report.suites.count) suite(s), \(tests) test(s)\(commit)", accepted: true)
        case .rejected, .aborted:
            // The further reasons first, so the verdict is the last line (CI shows the tail).
            for reason in report.reasons.dropFirst().prefix(9) {
                progress.note(reason, important: true)
            }
            progress.verdict("\(report.verdict.rawValue): \(report.reasons.first ?? "see the report")", accepted: false)
        }
        return RunOutcome(report: report, exitCode: code, files: files)
    }

    // MARK: - Stage bookkeeping

    private func begin() {
        stageStarted = .now
    }

    private func end(_ name: String, _ status: ReportStageStatus?, detail raw: String) {
        let detail = clean(raw)
        let seconds = (.now - stageStarted).inSeconds
        report.stages.append(
            ReportStage(name: name, status: status ?? .skipped, durationSeconds: ReportDuration.rounded(seconds), detail: detail))
        progress.stage(name, passed: status.map { $0 == .passed }, seconds: seconds, detail: detail)
    }

    private func skip(_ name: String, because reason: String) {
        report.stages.append(ReportStage(name: name, status: interrupted ? .aborted : .skipped, durationSeconds: 0, detail: reason))
        progress.stage(name, passed: nil, seconds: 0, detail: "skipped: \(reason)")
    }

    // MARK: - Helpers

    private static func reportFinding(_ finding: ScanFinding) -> ReportFinding {
        ReportFinding(
            file: finding.file, line: finding.line, column: finding.column, endLine: finding.endLine, endColumn: finding.endColumn,
            rule: finding.rule.rawValue, fingerprint: finding.fingerprint, preview: finding.preview,
            confidence: finding.confidence.rawValue)
    }

    /// `path` itself when it is a file, else every regular file below it (skipping `.git` and `.build`).
    private static func files(under path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
        var files: [String] = []
        while let next = enumerator.nextObject() as? String {
            if next.hasPrefix(".git") || next.hasPrefix(".build") || next.contains("/.git/") || next.contains("/.build/") { continue }
            let full = (path as NSString).appendingPathComponent(next)
            var folder: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &folder), !folder.boolValue {
                files.append(full)
            }
        }
        return files.sorted()
    }
}

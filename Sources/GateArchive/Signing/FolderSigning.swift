//===----------------------------------------------------------------------===//
// FolderSigning.swift: `acceptance-gate sign`: check a finished out folder again, then sign it.
//===----------------------------------------------------------------------===//

import Foundation
import GateConfig
import GateCore
import GatePublishing
import GateReport
import GateSigning
import TokenScan

/// One `acceptance-gate sign`, run in a CI job that holds the key and runs no code from the
/// change: the out folder a key-less `run` left is checked as `verify` checks a signed one
/// (``EnvelopeVerifier/verifyFolder(_:reportSHA256:)``: `report.json` against the digest in the
/// run's unsigned statement, every listed log by size and SHA-256), every file in it is scanned
/// again for token-like strings and for the signing key itself, and only then is the report
/// written again with how and where it was signed, rendered, and signed by the same
/// ``ReportPublisher`` a run uses.
///
/// Before anything is signed, the report must follow from the folder (``ReportAudit``: its
/// verdict from its problems and facts, every xctest log parsed and judged again), must not be a
/// merge's (`shards`), and the folder must hold nothing the run did not write
/// (``OutFolderContents``).
///
/// A leak found here is a `leak` problem, so the signed verdict is `rejected`, never `accepted`.
/// An aborted or incomplete report, a changed or unreadable file, a link or a FIFO in the folder,
/// or a report of another commit is refused and nothing is written.
package struct FolderSigning {
    /// The out folder.
    package let folder: String
    /// The signing key.
    package let key: SigningKey
    /// `--require-commit`: the commit the report must be for (full id).
    package let requiredCommit: String?
    /// The signing process's environment: the CI job that signs, and the fingerprint key.
    package let environment: [String: String]
    /// `--test-result`: how the CI says the test job ended (``testResults``), when it says.
    package let testResult: String?
    /// `--require-isolation`: refuse a report whose suites did not run apart from the gate.
    package let requiresIsolation: Bool
    /// `--repo`, `--base`, `--head` and what the trusted side says ran: read into the signature's
    /// ``ReportPipeline``; `nil` when the signer was not given the repository.
    package let pipeline: PipelineSource?

    /// The results a CI gives a finished job: GitHub's `needs.<job>.result` words, and the
    /// further conclusions of a whole run (`github.event.workflow_run.conclusion`).
    package static let testResults = [
        "success", "failure", "cancelled", "skipped", "timed_out", "action_required", "neutral", "stale", "startup_failure",
    ]

    /// Prepares the signing of `folder`.
    package init(
        folder: String, key: SigningKey, requiredCommit: String?, environment: [String: String], testResult: String? = nil,
        pipeline: PipelineSource? = nil, requiresIsolation: Bool = false
    ) {
        self.folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        self.key = key
        self.requiredCommit = requiredCommit
        self.environment = environment
        self.testResult = testResult
        self.pipeline = pipeline
        self.requiresIsolation = requiresIsolation
    }

    /// The most files the folder may hold: an out folder holds a handful of logs, and each is read.
    static let fileLimit = 10_000

    /// Checks, scans, signs and writes.
    ///
    /// - Returns: the signed report as written, its exit code (0, 1 or 3) and the files written.
    /// - Throws: ``FolderSigningError`` when the folder is refused; nothing is written then.
    package func execute() throws(FolderSigningError) -> RunOutcome {
        let out = OutFolder(folder)
        guard ArchiveFinder.isPlainFile(out.path + ReportFormat.json.fileName) else {
            throw .notAnOutFolder(path: folder, missing: ReportFormat.json.fileName)
        }
        // actions/upload-artifact (v4 on) leaves dotfiles out unless told: the folder arrives without the run's mark.
        if !FileManager.default.fileExists(atPath: out.path + OutFolder.marker),
            ArchiveFinder.isPlainFile(out.path + ReportPublisher.statementName)
        {
            throw .hiddenFilesDropped(path: folder)
        }
        let lock: Int32
        do {
            try out.refuseForeign()
            lock = try out.lock()
        } catch {
            throw .unwritable(path: folder, reason: error.description)
        }
        defer { close(lock) }

        let statement = try runStatement(in: out)
        guard let reportDigest = statement.sha256(ofSubject: ReportFormat.json.fileName) else {
            throw .unverified(path: folder, [.notAStatement(reason: "no 'report.json' subject with a sha256 digest")])
        }
        let checked: (logPaths: [String], reportBytes: [UInt8])
        do {
            checked = try EnvelopeVerifier.verifyFolder(folder, reportSHA256: reportDigest)
        } catch {
            // The digest is the run's own, unsigned: a report that does not have it was edited after the run.
            if case .verificationFailed(let problems) = error {
                throw .unverified(
                    path: folder,
                    problems.map { problem in
                        guard case .reportChanged(let actual, let recorded) = problem else { return problem }
                        return .reportEditedAfterRun(actual: actual, recorded: recorded)
                    })
            }
            throw .unverified(path: folder, [.notAReport(reason: error.description)])
        }
        var report: GateReport
        do {
            report = try GateReport.decode(checked.reportBytes, source: "report.json")
        } catch {
            throw .notAReport(path: folder, reason: error.description)
        }
        try refuseUnfinished(report)
        try refuseUnmet(report)
        if report.shards != nil {
            throw .notAReport(
                path: folder,
                reason:
                    "it has a 'shards' section, which only 'acceptance-gate merge' writes and signs; sign the shards' folders, then merge them"
            )
        }
        let disagreements = ReportAudit.disagreements(in: report, folder: folder)
        guard disagreements.isEmpty else { throw .contradicted(path: folder, disagreements) }
        if let stranger = OutFolderContents.unexpected(in: folder, logs: checked.logPaths).first {
            throw .unexpectedFile(path: folder, file: stranger)
        }
        // The gate's exit decides the test job: an accepted run ends it in success, whatever the report now says.
        if let testResult, testResult != "success", report.verdict == .accepted {
            throw .testJobFailed(path: folder, result: testResult)
        }

        let provenance = try readPipeline(of: report)

        let scanner = TokenScanner(
            configuration: ScanConfiguration(
                allow: Self.scanAllow(report), fingerprintKey: ScanConfiguration.fingerprintKey(environment: environment),
                scansBinaryContent: true))
        let found = try scan(out, scanner: scanner)
        report.scan?.findings += found.findings
        let testJob = report.signature?.testJob
        let signingJob = CIJob.identifier(environment: environment)
        report.signature = ReportSignature(
            signed: true, keyid: key.publicKey.keyID, envelope: ArchivedReport.envelopeName, method: ReportSignature.signMethod,
            testJob: testJob, signingJob: signingJob, keySharedJob: ReportSignature.mayShareJob(testJob: testJob, signingJob: signingJob),
            pipeline: provenance)
        report.stages =
            report.stages.filter { $0.name != "sign" } + [
                ReportStage(
                    name: "sign", status: .passed, durationSeconds: nil,
                    detail: "report.dsse.json, keyid \(key.publicKey.keyID), by 'acceptance-gate sign'")
            ]
        let formats = [ReportFormat.junit, .markdown, .html].filter { ArchiveFinder.isPlainFile(out.path + $0.fileName) }
        let redactor = ReportRedactor(scanner: scanner).adding(keyMaterial: key.secretEncodings)
        let publisher = ReportPublisher(
            formats: formats, renderer: ReportRenderer(), redactor: redactor, key: key,
            configurationName: statement.predicate.configuration.first?.name ?? report.config?.path ?? "acceptance-gate.json")
        let published: ReportPublisher.Published
        do {
            published = try publisher.publish(report, problems: report.problems + found.problems, into: out)
        } catch {
            throw .unwritable(path: folder, reason: error.description)
        }
        return RunOutcome(report: published.report, exitCode: Int32(published.report.exitCode ?? 3), files: published.files)
    }

    /// The pipeline record ``pipeline`` reads, for the report's own commit only: a folder of
    /// another commit than `--head` is refused, since the pipeline read would not be the one that ran.
    private func readPipeline(of report: GateReport) throws(FolderSigningError) -> ReportPipeline? {
        guard let pipeline else { return nil }
        let record = try pipeline.read(config: report.config?.path)
        if let commit = report.commit?.id, commit.lowercased() != record.head.lowercased() {
            throw .otherHead(path: folder, commit: commit, head: record.head)
        }
        return record
    }

    /// The unsigned statement the run left beside its report, read strictly.
    private func runStatement(in out: OutFolder) throws(FolderSigningError) -> InTotoStatement {
        let path = out.path + ReportPublisher.statementName
        let bytes: [UInt8]
        do {
            bytes = try SafeFile.contents(ofFile: path, within: folder, limit: DSSEEnvelope.documentLimit)
        } catch .missing {
            throw .notAnOutFolder(path: folder, missing: ReportPublisher.statementName)
        } catch {
            throw .unverified(path: folder, [.unreadable(path: path, reason: error.reason)])
        }
        do {
            return try InTotoStatement(jsonBytes: bytes, source: "'\(path)'")
        } catch {
            if case .verificationFailed(let problems) = error { throw .unverified(path: folder, problems) }
            throw .unverified(path: folder, [.notAStatement(reason: error.description)])
        }
    }

    /// Refuses a report that is signed already, aborted, or not the record of a finished run.
    private func refuseUnfinished(_ report: GateReport) throws(FolderSigningError) {
        if report.signature?.signed == true { throw .alreadySigned(path: folder) }
        if report.verdict == .aborted || report.problems.contains(where: { $0.kind == .interrupted }) {
            throw .aborted(path: folder)
        }
        guard let finishedAt = report.finishedAt else { throw .incomplete(path: folder, reason: "it has no finishedAt") }
        try refuseOutOfTime(finishedAt: finishedAt, startedAt: report.startedAt)
        if let stage = report.stages.first(where: { $0.status == .aborted }) {
            throw .incomplete(path: folder, reason: "its stage '\(stage.name)' was aborted")
        }
        // The archive's own problem names the file it could not keep; a suite's names the suite
        // (a test process that crashed mid-run), which is a rejection to sign like any other.
        if let problem = report.problems.first(where: { $0.code == .incompleteLog && $0.subject.type == .file }) {
            throw .incomplete(path: folder, reason: "\(problem.subject.name ?? "a log") could not be archived")
        }
        if report.commit == nil || report.scan == nil {
            throw .incomplete(path: folder, reason: report.commit == nil ? "it names no commit" : "it has no leak scan")
        }
    }

    /// Refuses a report of another commit than ``requiredCommit`` (or of a dirty work tree), then
    /// one whose suites did not run apart from the gate when ``requiresIsolation``: the rules
    /// `verify --require-commit` and `--require-isolation` judge a signed report by
    /// (``VerifyRequirements``), applied before it is signed.
    private func refuseUnmet(_ report: GateReport) throws(FolderSigningError) {
        guard let commit = report.commit else { return }
        let requirements = VerifyRequirements(commit: requiredCommit, isolation: requiresIsolation)
        let unmet = requirements.unmet(by: VerifiedReport(report, commit: commit.id))
        for requirement in unmet {
            switch requirement {
            case let .otherCommit(signed, wanted):
                throw .wrongCommit(path: folder, reason: "is for commit \(signed), not \(wanted) (--require-commit)")
            case .dirtyTree(let commit):
                throw .wrongCommit(path: folder, reason: "is for a dirty work tree at \(commit), not the commit itself (--require-commit)")
            default:
                continue
            }
        }
        if unmet.contains(where: { if case .notIsolated = $0 { true } else { false } }) {
            throw .notIsolated(path: folder, isolation: report.isolation)
        }
    }

    /// How long before the signing a run may have finished: the signing job follows its test job.
    static let signingWindow: Double = 7 * 24 * 3600
    /// How far a run's clock may be ahead of the signer's.
    static let clockSkew: Double = 600

    /// Refuses a report whose times are not those of a run that just finished: quarantine entries
    /// expire by the run's day, so a test job that moved its dates back could keep an expired one
    /// holding. The run must have finished within ``signingWindow`` before now, and started before
    /// it finished.
    private func refuseOutOfTime(finishedAt: String, startedAt: String?) throws(FolderSigningError) {
        let now = Date().timeIntervalSince1970
        guard let finished = Self.seconds(finishedAt), finished <= now + Self.clockSkew, finished >= now - Self.signingWindow else {
            throw .outOfTime(path: folder, finishedAt: finishedAt)
        }
        if let startedAt {
            guard let started = Self.seconds(startedAt), started <= finished else { throw .outOfTime(path: folder, finishedAt: finishedAt) }
        }
    }

    /// Seconds since 1970 of an ISO 8601 UTC timestamp as the report writes it (``ReportTimestamp``).
    static func seconds(_ timestamp: String) -> Double? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: timestamp) { return date.timeIntervalSince1970 }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: timestamp)?.timeIntervalSince1970
    }

    /// The scan's allowlist: the one the run used (its configuration is in the report), so a
    /// placeholder the run allowed is allowed here too; the default when the run used the default.
    static func scanAllow(_ report: GateReport) -> [String] {
        guard let json = report.config?.json,
            let configuration = try? GateConfiguration.parse(Array(json.utf8), file: report.config?.path ?? "acceptance-gate.json")
        else { return ConfigScan().allow }
        return configuration.scan.allow
    }

    /// Every file in the folder scanned whole, for token-like strings and for the key: each file
    /// with findings is one `leak` problem. A link, FIFO or device anywhere in the folder, or a
    /// file the scan cannot read whole, refuses the folder.
    private func scan(_ out: OutFolder, scanner: TokenScanner) throws(FolderSigningError) -> (
        findings: [ReportFinding], problems: [ReportProblem]
    ) {
        let files = try plainFiles(under: folder)
        let scanned = ScanStage.run(
            logs: files.map { ScanSource.path($0.path, display: $0.display) }, extraPaths: [], owners: [:], scanner: scanner)
        if let unreadable = scanned.problems.first(where: { $0.code != .leak }) {
            throw .unverified(path: folder, [.unreadable(path: unreadable.subject.name ?? folder, reason: unreadable.sentence)])
        }
        var problems = scanned.problems.map { problem in
            var problem = problem
            problem.sentence = "sign: " + problem.sentence
            return problem
        }
        let material = KeyMaterial(key.secretEncodings)
        for file in files {
            let bytes: [UInt8]
            do {
                bytes = try SafeFile.contents(ofFile: file.path, within: folder, limit: LogArchive.redactionLimit)
            } catch {
                throw .unverified(path: folder, [.unreadable(path: file.path, reason: error.reason)])
            }
            if let line = material.redacted(bytes).lines.first {
                problems.append(
                    ReportProblem(
                        .leak, subject: .file(file.display, line: line),
                        "sign: part of the signing key is in \(file.display), first at line \(line); the code under test "
                            + "had the key, so replace it"))
            }
        }
        return (scanned.value.report.findings, problems)
    }

    /// Every regular file below `root` (links never followed), with its path relative to it.
    private func plainFiles(under root: String) throws(FolderSigningError) -> [(path: String, display: String)] {
        var found: [(path: String, display: String)] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? root : root + "/" + relative
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            } catch {
                throw .unverified(path: folder, [.unreadable(path: directory, reason: "the folder cannot be listed")])
            }
            for name in names where name != OutFolder.lockName {
                let display = relative.isEmpty ? name : relative + "/" + name
                let path = root + "/" + display
                if ArchiveFinder.isDirectory(path) {
                    pending.append(display)
                } else if ArchiveFinder.isPlainFile(path) {
                    found.append((path, display))
                } else {
                    throw .unverified(
                        path: folder,
                        [.unreadable(path: path, reason: "it is not a plain file (a link, FIFO or device); sign reads every file whole")])
                }
                guard found.count <= Self.fileLimit else {
                    throw .unverified(path: folder, [.unreadable(path: root, reason: "it holds over \(Self.fileLimit) files")])
                }
            }
        }
        return found.sorted { $0.display < $1.display }
    }
}

//===----------------------------------------------------------------------===//
// ReportPublisher.swift: redact, render, scan and sign the finished report, then write it.
//===----------------------------------------------------------------------===//

import GateDigest
import GateReport
import GateSigning
import TokenScan

/// Turns the finished report into files: one redaction pass, one render of every format in
/// memory, a scan of those bytes (the gate's own outputs are evidence too), the signature over
/// `report.json`'s bytes, and only then the writes. Nothing is written before the report is final.
///
/// Should a rendered file still hold a token-like string after the redaction (which would be a
/// defect of the redaction), that is an `output-leak` problem: the report is settled again with it,
/// every value that came from the code under test is withheld, and the formats are rendered once
/// more. A file that would still leak after that is not written at all.
///
/// A signal that arrives while this runs (the render of a report with a hundred thousand tests
/// takes seconds) stops it between steps: the report already redacted is settled again with the
/// interruption, only `report.json` is rendered from it (and signed, with a key), and nothing
/// else is written, so the gate still exits 130 or 143 within 5 seconds with an `aborted` report.
package struct ReportPublisher {
    /// What was written.
    package struct Published {
        /// The report as written to `report.json` (redacted).
        package var report: GateReport
        /// The files written, relative to the out folder, `report.json` first.
        package var files: [String]
        /// Seconds spent rendering and scanning the outputs, and signing.
        package var renderSeconds: Double
        package var signSeconds: Double
        /// Whether a signal stopped the render part-way (only `report.json` was rendered then).
        package var renderInterrupted = false
    }

    /// The outputs of one pass, ready to sign and write.
    private struct Prepared {
        /// The report the files were rendered from (redacted).
        var redacted: GateReport
        /// Every format's bytes, `report.json` first.
        var rendered: [(name: String, bytes: [UInt8])]
        /// The files that would still leak and are not written.
        var withheld: Set<String>
    }

    /// The in-toto statement, unsigned, that a run leaves for `sign` (and that `sign` rewrites).
    package static let statementName = "report.intoto.json"
    /// The statement's predicate alone, for `actions/attest`'s `predicate-path`.
    package static let predicateName = "report.predicate.json"

    /// The formats besides `report.json`, in the order given.
    package let formats: [ReportFormat]
    /// The Markdown and HTML templates.
    package let renderer: ReportRenderer
    /// The redaction.
    package let redactor: ReportRedactor
    /// The key, when the report is to be signed.
    package let key: SigningKey?
    /// The configuration's repository-relative path, for the signed statement.
    package let configurationName: String
    /// The signal that interrupted the run, if one did (asked between the steps of the render).
    package var interruption: @Sendable () -> Int32? = { nil }
    /// Subjects the signed statement adds after `report.json` (a merged report's shard envelopes).
    package var extraSubjects: [ResourceDescriptor] = []

    /// A publisher of reports in `formats` besides `report.json`, signed with `key` when there is one.
    package init(
        formats: [ReportFormat], renderer: ReportRenderer, redactor: ReportRedactor, key: SigningKey?, configurationName: String,
        interruption: @escaping @Sendable () -> Int32? = { nil }, extraSubjects: [ResourceDescriptor] = []
    ) {
        self.formats = formats
        self.renderer = renderer
        self.redactor = redactor
        self.key = key
        self.configurationName = configurationName
        self.interruption = interruption
        self.extraSubjects = extraSubjects
    }

    /// Redacts, renders, scans, signs and writes `report` into `folder`, with `problems` settled
    /// into its verdict.
    package func publish(_ report: GateReport, problems: [ReportProblem], into folder: OutFolder) throws(GateRunError) -> Published {
        let started = ContinuousClock.now
        // An interrupted run, whether the signal came before the render or during it, writes
        // report.json alone (signed when it can be): what the rest would cost in time, a report of
        // 40,000 tests takes seconds to render in full, is what the 5 seconds after a signal lack.
        var signal: Int32? = problems.first { $0.kind == .interrupted }.map { $0.signal.map(Int32.init) ?? 15 }
        func stopped() -> Bool {
            if signal == nil { signal = interruption() }
            return signal != nil
        }
        let prepared: Prepared
        var interrupted = false
        switch try prepare(report, problems: problems, formats: formats, stop: stopped) {
        case .done(let done):
            prepared = done
        case .stopped(let redacted):
            // `stopped()` returned true, so `signal` holds what it saw.
            prepared = try aborted(redacted, original: report, problems: problems, signal: signal ?? 15)
            interrupted = true
        }
        let redacted = prepared.redacted
        let rendered = prepared.rendered
        let withheldFiles = prepared.withheld
        let renderSeconds = (.now - started).inSeconds

        let signStarted = ContinuousClock.now
        var envelope: [UInt8]?
        var statementFiles: [(name: String, bytes: [UInt8])] = []
        // The statement unsigned, for `sign` (it checks report.json against its digest) and the
        // predicate alone, for a keyless attestation. An interrupted run writes report.json alone
        // and builds no statement it does not sign (a large report's takes time the 5 seconds
        // after a signal lack); without a written report.json there is nothing to describe.
        let leavesStatement = !interrupted && !withheldFiles.contains(ReportFormat.json.fileName)
        if key != nil || leavesStatement, let json = rendered.first(where: { $0.name == ReportFormat.json.fileName }) {
            let statement = Attestation.statement(
                for: redacted, reportDigest: SHA256.hash(json.bytes).hex, configurationName: configurationName,
                extraSubjects: extraSubjects)
            if let key {
                envelope = DSSEEnvelope.sign(payload: statement.jsonBytes, payloadType: DSSEEnvelope.inTotoPayloadType, key: key).jsonBytes
            }
            if leavesStatement {
                statementFiles = [
                    (Self.statementName, statement.jsonBytes), (Self.predicateName, statement.predicateJSONBytes),
                ]
            }
        }
        let signSeconds = (.now - signStarted).inSeconds

        // report.json last but for the envelope: a reader who finds the envelope finds everything.
        let ordered = rendered.filter { $0.name != ReportFormat.json.fileName } + rendered.filter { $0.name == ReportFormat.json.fileName }
        var written: [String] = []
        do {
            for file in ordered + statementFiles where !withheldFiles.contains(file.name) {
                try AtomicFile.write(file.bytes, to: folder.path + file.name)
                written.append(file.name)
            }
            if let envelope {
                try AtomicFile.write(envelope, to: folder.path + "report.dsse.json")
                written.append("report.dsse.json")
            }
        } catch {
            throw .outDirectoryUnwritable(path: folder.path, reason: error.description)
        }
        let jsonFirst = written.filter { $0 == ReportFormat.json.fileName } + written.filter { $0 != ReportFormat.json.fileName }
        return Published(
            report: redacted, files: jsonFirst, renderSeconds: renderSeconds, signSeconds: signSeconds, renderInterrupted: interrupted)
    }

    /// How one pass ended.
    private enum Preparation {
        /// Every format rendered and scanned.
        case done(Prepared)
        /// `stop` said so; the report as redacted so far.
        case stopped(GateReport)
    }

    /// Settles, redacts, renders and scans `report` in `formats` (besides JSON), asking `stop`
    /// between the steps.
    private func prepare(_ report: GateReport, problems: [ReportProblem], formats: [ReportFormat], stop: () -> Bool)
        throws(GateRunError) -> Preparation
    {
        var report = report
        report.settle(problems)
        var redacted = redactor.redact(report)
        guard let first = try render(redacted, formats: formats, stop: stop), !stop() else { return .stopped(redacted) }
        var rendered = first
        let leaks = outputFindings(rendered)
        var withheld: Set<String> = []
        if !leaks.isEmpty {
            report.scan?.findings += leaks.map(ScanStage.reportFinding)
            let files = Set(leaks.map(\.file)).sorted()
            report.settle(
                problems
                    + files.map { name in
                        ReportProblem(
                            .outputLeak, subject: .file(name),
                            "a token-like string reached the rendered \(name); every value from the code under test is withheld")
                    })
            redacted = redactor.redact(report, everything: true)
            guard let again = try render(redacted, formats: formats, stop: stop), !stop() else { return .stopped(redacted) }
            rendered = again
            withheld = Set(outputFindings(rendered).map(\.file))
        }
        return .done(Prepared(redacted: redacted, rendered: rendered, withheld: withheld))
    }

    /// The aborted report after a signal mid-render: `redacted` settled again with the
    /// interruption (the problems it holds are already redacted, and the interruption's sentence
    /// is the gate's own), its render stage marked aborted, and `report.json` alone rendered,
    /// once, so the gate stops within its 5 seconds. Should that leak (the signal came before
    /// the output scan), `original` is redacted whole, as above; should even that leak, it is
    /// not written.
    private func aborted(_ redacted: GateReport, original: GateReport, problems: [ReportProblem], signal: Int32) throws(GateRunError)
        -> Prepared
    {
        func abortedRender(_ stages: [ReportStage]) -> [ReportStage] {
            stages.map { stage in
                guard stage.name == "render" else { return stage }
                return ReportStage(
                    name: "render", status: .aborted, durationSeconds: nil,
                    detail: "interrupted: only \(ReportFormat.json.fileName) was rendered")
            }
        }
        // A run aborted before the render holds its interruption already.
        let interruptions = problems.contains { $0.kind == .interrupted } ? [] : [ReportProblem.interruption(by: signal)]
        var report = redacted
        report.settle(redacted.problems + interruptions)
        report.stages = abortedRender(report.stages)
        var rendered = try render(report, formats: [], stop: { false }) ?? []
        let leaks = outputFindings(rendered)
        guard !leaks.isEmpty else { return Prepared(redacted: report, rendered: rendered, withheld: []) }
        var whole = original
        whole.scan?.findings += leaks.map(ScanStage.reportFinding)
        whole.stages = abortedRender(whole.stages)
        whole.settle(
            problems + interruptions
                + [
                    ReportProblem(
                        .outputLeak, subject: .file(ReportFormat.json.fileName),
                        "a token-like string reached the rendered \(ReportFormat.json.fileName); "
                            + "every value from the code under test is withheld")
                ])
        report = redactor.redact(whole, everything: true)
        rendered = try render(report, formats: [], stop: { false }) ?? []
        return Prepared(redacted: report, rendered: rendered, withheld: Set(outputFindings(rendered).map(\.file)))
    }

    /// Every format's bytes, `report.json` first; `nil` as soon as `stop` says so (asked before
    /// each format).
    private func render(_ report: GateReport, formats: [ReportFormat], stop: () -> Bool) throws(GateRunError) -> [(
        name: String, bytes: [UInt8]
    )]? {
        var result: [(name: String, bytes: [UInt8])] = []
        for format in [ReportFormat.json] + formats where !result.contains(where: { $0.name == format.fileName }) {
            if stop() { return nil }
            do {
                result.append((format.fileName, try renderer.bytes(of: report, as: format)))
            } catch {
                throw .outDirectoryUnwritable(path: format.fileName, reason: error.description)
            }
        }
        return result
    }

    /// The scanner's findings in the rendered bytes, named by file.
    private func outputFindings(_ rendered: [(name: String, bytes: [UInt8])]) -> [ScanFinding] {
        rendered.flatMap { redactor.scanner.scan(bytes: $0.bytes, displayPath: $0.name).findings }
    }
}

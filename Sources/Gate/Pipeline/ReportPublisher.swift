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
struct ReportPublisher {
    /// What was written.
    struct Published {
        /// The report as written to `report.json` (redacted).
        var report: GateReport
        /// The files written, relative to the out folder, `report.json` first.
        var files: [String]
        /// Seconds spent rendering and scanning the outputs, and signing.
        var renderSeconds: Double
        var signSeconds: Double
    }

    /// The formats besides `report.json`, in the order given.
    let formats: [ReportFormat]
    /// The Markdown and HTML templates.
    let renderer: ReportRenderer
    /// The redaction.
    let redactor: ReportRedactor
    /// The key, when the report is to be signed.
    let key: SigningKey?
    /// The configuration's repository-relative path, for the signed statement.
    let configurationName: String
    /// Subjects the signed statement adds after `report.json` (a merged report's shard envelopes).
    var extraSubjects: [ResourceDescriptor] = []

    /// Redacts, renders, scans, signs and writes `report` into `folder`, with `problems` settled
    /// into its verdict.
    func publish(_ report: GateReport, problems: [ReportProblem], into folder: OutFolder) throws(GateRunError) -> Published {
        let started = ContinuousClock.now
        var report = report
        report.settle(problems)
        var redacted = redactor.redact(report)
        var rendered = try render(redacted)
        let leaks = outputFindings(rendered)
        var withheldFiles: Set<String> = []
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
            rendered = try render(redacted)
            withheldFiles = Set(outputFindings(rendered).map(\.file))
        }
        let renderSeconds = (.now - started).inSeconds

        let signStarted = ContinuousClock.now
        var envelope: [UInt8]?
        if let key, let json = rendered.first(where: { $0.name == ReportFormat.json.fileName }) {
            let statement = Attestation.statement(
                for: redacted, reportDigest: SHA256.hash(json.bytes).hex, configurationName: configurationName,
                extraSubjects: extraSubjects)
            envelope = DSSEEnvelope.sign(payload: statement.jsonBytes, payloadType: DSSEEnvelope.inTotoPayloadType, key: key).jsonBytes
        }
        let signSeconds = (.now - signStarted).inSeconds

        // report.json last but for the envelope: a reader who finds the envelope finds everything.
        let ordered = rendered.filter { $0.name != ReportFormat.json.fileName } + rendered.filter { $0.name == ReportFormat.json.fileName }
        var written: [String] = []
        do {
            for file in ordered where !withheldFiles.contains(file.name) {
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
        return Published(report: redacted, files: jsonFirst, renderSeconds: renderSeconds, signSeconds: signSeconds)
    }

    /// Every format's bytes, `report.json` first.
    private func render(_ report: GateReport) throws(GateRunError) -> [(name: String, bytes: [UInt8])] {
        var result: [(name: String, bytes: [UInt8])] = []
        for format in [ReportFormat.json] + formats where !result.contains(where: { $0.name == format.fileName }) {
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

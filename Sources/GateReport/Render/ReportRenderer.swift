//===----------------------------------------------------------------------===//
// ReportRenderer.swift: writes a report in each requested format.
//===----------------------------------------------------------------------===//

/// Writes a report's files (`report.json`, `junit.xml`, `summary.md`, `report.html`) into a folder,
/// each one atomically (``AtomicFile``).
package struct ReportRenderer: Sendable {
    /// The Markdown and HTML templates.
    package var templates: ReportTemplates

    /// A renderer with `templates` (the built-in ones by default).
    package init(templates: ReportTemplates = .builtIn) {
        self.templates = templates
    }

    /// The bytes of one format.
    ///
    /// - Throws: ``GateReportError/encodingFailed(_:)`` for JSON.
    package func bytes(of report: GateReport, as format: ReportFormat) throws(GateReportError) -> [UInt8] {
        switch format {
        case .json: try report.jsonBytes()
        case .junit: Array(JUnitRenderer.render(report).utf8)
        case .markdown: Array(markdown(report).utf8)
        case .html: Array(templates.html.render(report.templateContext).utf8)
        }
    }

    /// The Markdown summary (also what ``GitHubActions/appendSummary(_:environment:)`` appends).
    package func markdown(_ report: GateReport) -> String {
        templates.markdown.render(report.templateContext)
    }

    /// Writes each of `formats` into `directory` (created if missing), in the order given.
    ///
    /// - Returns: the file names written, e.g. `["report.json", "junit.xml"]`.
    /// - Throws: ``GateReportError/directoryFailed(path:code:)``,
    ///   ``GateReportError/writeFailed(path:code:)`` or ``GateReportError/encodingFailed(_:)``.
    @discardableResult
    package func render(_ report: GateReport, formats: [ReportFormat], to directory: String) throws(GateReportError) -> [String] {
        try AtomicFile.createDirectory(directory)
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        var written: [String] = []
        for format in formats where !written.contains(format.fileName) {
            try AtomicFile.write(try bytes(of: report, as: format), to: folder + format.fileName)
            written.append(format.fileName)
        }
        return written
    }
}

//===----------------------------------------------------------------------===//
// ReportFormat.swift: the files a report renders to.
//===----------------------------------------------------------------------===//

/// The formats a report renders to, named as the configuration's `report.formats` names them.
package enum ReportFormat: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
    /// `report.json`, the full report.
    case json
    /// `junit.xml`, for a CI system's test tab.
    case junit
    /// `summary.md`, for `$GITHUB_STEP_SUMMARY` and pull-request comments.
    case markdown
    /// `report.html`, one self-contained page.
    case html

    /// The file each format is written to in the output folder.
    package var fileName: String {
        switch self {
        case .json: "report.json"
        case .junit: "junit.xml"
        case .markdown: "summary.md"
        case .html: "report.html"
        }
    }

    /// Parses one name (`json`, `junit`, `markdown`, `html`).
    ///
    /// - Throws: ``GateReportError/unknownFormat(_:)``.
    package static func parse(_ name: String) throws(GateReportError) -> ReportFormat {
        guard let format = ReportFormat(rawValue: name) else { throw .unknownFormat(name) }
        return format
    }

    /// Parses names (config strings, or a comma-separated `--format` value split by the caller),
    /// dropping repeats and keeping the first occurrence's order.
    ///
    /// - Throws: ``GateReportError/unknownFormat(_:)`` for the first unknown name.
    package static func parse(_ names: [String]) throws(GateReportError) -> [ReportFormat] {
        var formats: [ReportFormat] = []
        for name in names {
            let format = try parse(name)
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }
}

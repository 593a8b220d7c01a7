//===----------------------------------------------------------------------===//
// ConfigReport.swift: the `report` section of `acceptance-gate.json`.
//===----------------------------------------------------------------------===//

import GateReport

/// Where and how the report is written (`report`).
package struct ConfigReport: Equatable, Sendable {
    /// The output folder (default `.acceptance-gate`).
    package var dir: String
    /// The formats, in `ReportFormat.allCases` order, always including `json`.
    package var formats: [ReportFormat]
    /// A folder of templates that override the built-in ones, if any.
    package var templates: String?

    /// Creates report settings with the documented defaults; `json` is added to `formats`.
    package init(dir: String = ".acceptance-gate", formats: [ReportFormat] = ReportFormat.allCases, templates: String? = nil) {
        self.dir = dir
        self.formats = ReportFormat.allCases.filter { $0 == .json || formats.contains($0) }
        self.templates = templates
    }
}

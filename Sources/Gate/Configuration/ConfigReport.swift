//===----------------------------------------------------------------------===//
// ConfigReport.swift: the `report` section of `acceptance-gate.json`.
//===----------------------------------------------------------------------===//

/// Where and how the report is written (`report`).
package struct ConfigReport: Equatable, Sendable {
    /// A rendered format.
    package enum Format: String, Equatable, Sendable, CaseIterable {
        /// `report.json`, always written.
        case json
        /// `junit.xml`.
        case junit
        /// `summary.md`.
        case markdown
        /// `report.html`.
        case html
    }

    /// The output folder (default `.acceptance-gate`).
    package var dir: String
    /// The formats, in ``Format/allCases`` order, always including ``Format/json``.
    package var formats: [Format]
    /// A folder of templates that override the built-in ones, if any.
    package var templates: String?

    /// Creates report settings with the documented defaults; `json` is added to `formats`.
    package init(dir: String = ".acceptance-gate", formats: [Format] = Format.allCases, templates: String? = nil) {
        self.dir = dir
        self.formats = Format.allCases.filter { $0 == .json || formats.contains($0) }
        self.templates = templates
    }
}

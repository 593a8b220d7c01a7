//===----------------------------------------------------------------------===//
// ConfigReport+Decodable.swift: the `report` section through the strict decoder.
//===----------------------------------------------------------------------===//

import GateReport

extension ConfigReport: Decodable {
    /// The section's keys: exactly what it accepts.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case dir, formats, templates
    }

    /// Reads the section; what it leaves out keeps ``init(dir:formats:templates:)``'s default,
    /// which also adds `json` to the formats.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.configSection(keyedBy: CodingKeys.self)
        let defaults = ConfigReport()
        var formats = defaults.formats
        if container.contains(.formats) {
            formats = try container.superDecoder(forKey: .formats).configElements(expecting: "an array") {
                try $0.configValue(ReportFormat.self, expecting: #""json", "junit", "markdown" or "html""#)
            }
        }
        // `"templates": null` is the built-in templates, as leaving it out is.
        var templates = defaults.templates
        if container.contains(.templates), try !container.decodeNil(forKey: .templates) {
            templates = try container.text(.templates)
        }
        self.init(dir: try container.text(.dir) ?? defaults.dir, formats: formats, templates: templates)
    }
}

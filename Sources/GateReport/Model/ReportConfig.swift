//===----------------------------------------------------------------------===//
// ReportConfig.swift: the configuration a run used.
//===----------------------------------------------------------------------===//

/// The configuration a run used: where it came from, its digest and its text.
package struct ReportConfig: Codable, Equatable, Sendable {
    /// The configuration file's path as given, or ``embeddedDefault``.
    package var path: String
    /// Hex SHA-256 of the configuration bytes.
    package var sha256: String
    /// The configuration JSON itself, as text (so the report is self-describing).
    package var json: String?

    /// The `path` recorded when the run used the built-in default configuration.
    package static let embeddedDefault = "(embedded default)"

    /// Creates a configuration record.
    package init(path: String, sha256: String, json: String? = nil) {
        self.path = path
        self.sha256 = sha256
        self.json = json
    }
}

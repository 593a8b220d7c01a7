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
    /// The revision the change is compared with (`run --base`), when one was given.
    package var base: String?
    /// Whether the change edits the configuration: the file the run used differs from its copy at
    /// ``base`` (added, removed or changed). `nil` without `--base`.
    package var changedFromBase: Bool?

    /// The `path` recorded when the run used the built-in default configuration.
    package static let embeddedDefault = "(embedded default)"

    /// Creates a configuration record.
    package init(path: String, sha256: String, json: String? = nil, base: String? = nil, changedFromBase: Bool? = nil) {
        self.path = path
        self.sha256 = sha256
        self.json = json
        self.base = base
        self.changedFromBase = changedFromBase
    }

    /// The warning every output puts at its top when the change edits the configuration.
    package var changeWarning: String? {
        guard changedFromBase == true else { return nil }
        // The file's name, not the runner's absolute path to it.
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "this change edits the gate's configuration (\(name), compared with \(base ?? "the base")): review it"
    }
}

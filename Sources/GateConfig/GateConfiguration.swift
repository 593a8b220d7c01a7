//===----------------------------------------------------------------------===//
// GateConfiguration.swift: the whole `acceptance-gate.json`, with its defaults applied.
//===----------------------------------------------------------------------===//

/// The gate's configuration (design.md, "Configuration"), with every default applied.
///
/// Read it with ``load(path:repositoryRoot:)`` or ``parse(_:file:)``: both are strict, so an
/// unknown key or a value of the wrong type is a ``ConfigurationError`` that names the key path.
package struct GateConfiguration: Equatable, Sendable {
    /// The fixture, or `nil` (`"fixture": null` or absent) for none.
    package var fixture: ConfigFixture?
    /// The suites, at least one, with unique names.
    package var suites: [ConfigSuite]
    /// Scan settings.
    package var scan: ConfigScan
    /// Report settings.
    package var report: ConfigReport
    /// Signing settings.
    package var signing: ConfigSigning
    /// Work tree settings.
    package var git: ConfigGit

    /// Creates a configuration.
    package init(
        fixture: ConfigFixture?, suites: [ConfigSuite], scan: ConfigScan = ConfigScan(), report: ConfigReport = ConfigReport(),
        signing: ConfigSigning = ConfigSigning(), git: ConfigGit = ConfigGit()
    ) {
        self.fixture = fixture
        self.suites = suites
        self.scan = scan
        self.report = report
        self.signing = signing
        self.git = git
    }

    /// The keys each object accepts, by its key path pattern (`""` is the top level, `suites[]`
    /// any suite): each type's coding keys, which are also what its `init(from:)` checks keys
    /// against; a test checks the JSON Schema against them, so the two cannot drift.
    package static let acceptedKeys: [String: [String]] = [
        "": keys(CodingKeys.self),
        "fixture": keys(ConfigFixture.CodingKeys.self),
        "fixture.ready": keys(ConfigFixture.ReadyKeys.self),
        "fixture.expect": keys(ConfigFixture.ExpectKeys.self),
        "suites[]": keys(ConfigSuite.CodingKeys.self),
        "suites[].results": keys(ConfigSuite.ResultsKeys.self),
        "suites[].retry": keys(ConfigSuite.RetryKeys.self),
        "suites[].quarantine[]": keys(QuarantineEntry.CodingKeys.self),
        "scan": keys(ConfigScan.CodingKeys.self),
        "report": keys(ConfigReport.CodingKeys.self),
        "signing": keys(ConfigSigning.CodingKeys.self),
        "git": keys(ConfigGit.CodingKeys.self),
    ]

    /// The names of `type`'s keys, in declaration order.
    private static func keys<Key: CodingKey & CaseIterable>(_ type: Key.Type) -> [String] {
        type.allCases.map(\.stringValue)
    }
}

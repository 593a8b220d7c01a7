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
    /// any suite). The decoder checks keys against exactly these lists, and a test checks the JSON
    /// Schema against them, so the three cannot drift.
    package static let acceptedKeys: [String: [String]] = [
        "": ["fixture", "suites", "scan", "report", "signing", "git"],
        "fixture": ["builtin", "command", "ports", "ready", "stopGraceSeconds", "expect", "env"],
        "fixture.ready": ["tcp", "line", "timeoutSeconds"],
        "fixture.expect": ["foreignRequests", "originPaths"],
        "suites[]": [
            "name", "kind", "command", "decoder", "limit", "expectTests", "results", "flaky", "unrunTests", "quarantine",
            "retry", "timeoutSeconds", "workingDirectory",
            "env", "network",
        ],
        "suites[].results": ["xcresult"],
        "suites[].retry": ["failedTests"],
        "suites[].quarantine[]": ["test", "owner", "reason", "expires"],
        "scan": ["allow", "paths"],
        "report": ["dir", "formats", "templates"],
        "signing": ["keyFile", "require"],
        "git": ["requireClean"],
    ]
}

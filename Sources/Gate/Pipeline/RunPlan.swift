//===----------------------------------------------------------------------===//
// RunPlan.swift: everything one `acceptance-gate run` does, resolved from configuration and flags.
//===----------------------------------------------------------------------===//

import TokenScan

/// Everything one run does, resolved from the configuration and the command line. Plain values,
/// so a test can build one without a configuration file.
package struct RunPlan: Equatable, Sendable {
    /// Where the configuration came from (a path, or "(embedded default)").
    package var configSource: String
    /// The configuration's bytes as read (hashed into the report and the signed statement).
    package var configBytes: [UInt8]
    /// The work tree to stamp and to run the suites in.
    package var repositoryDirectory: String
    /// Where the report, the logs and the rendered files go.
    package var outDirectory: String
    /// The fixture, or `nil` for none.
    package var fixture: FixturePlan?
    /// The suites, in order.
    package var suites: [SuitePlan]
    /// Exact values the leak scan allows (placeholders such as `fixture-only`).
    package var scanAllow: [String]
    /// Extra files or folders to scan besides the gate's own logs and outputs.
    package var scanPaths: [String]
    /// The HMAC key for finding fingerprints.
    package var fingerprintKey: [UInt8]
    /// The formats to render besides `report.json` (`junit`, `markdown`, `html`).
    package var formats: [String]
    /// A folder of replacement Markdown/HTML templates.
    package var templatesDirectory: String?
    /// The signing key file, if any; `keyFileRequired` says whether its absence is an error.
    package var keyFile: String?
    /// True when `keyFile` was named explicitly (config or `--key`), so a missing file is an error.
    package var keyFileRequired: Bool
    /// The environment variable that may hold the private key as PEM text.
    package var keyEnvironmentVariable: String
    /// The environment variable that may hold the fingerprint key.
    package var fingerprintKeyEnvironmentVariable: String
    /// Reject a run that cannot be signed.
    package var requireSignature: Bool
    /// Reject a dirty work tree.
    package var requireClean: Bool
    /// The variables that hold the gate's secrets (the signing key, the fingerprint key): no child
    /// gets them, and the gate scrubs them from its own environment once read.
    package var secretVariables: [String] { [keyEnvironmentVariable, fingerprintKeyEnvironmentVariable] }
    /// The CI matrix shard this run is (`--shard`), recorded in the report and the signed
    /// statement; `nil` for a run that is not one shard of several.
    package var shard: String?
    /// `run --base REF`: the revision the change is compared with, and whether the configuration
    /// the run uses differs from its copy there (``ConfigBaseComparison``); `nil` without `--base`.
    package var configBase: ConfigBaseComparison?

    /// Creates a plan; the defaults suit tests.
    package init(
        configSource: String = "(embedded default)", configBytes: [UInt8] = [], repositoryDirectory: String,
        outDirectory: String, fixture: FixturePlan?, suites: [SuitePlan], scanAllow: [String] = ["fixture-only"],
        scanPaths: [String] = [], fingerprintKey: [UInt8] = ScanConfiguration.randomFingerprintKey(),
        formats: [String] = ["json", "junit", "markdown", "html"], templatesDirectory: String? = nil, keyFile: String? = nil,
        keyFileRequired: Bool = false, keyEnvironmentVariable: String = "ACCEPTANCE_GATE_SIGNING_KEY",
        requireSignature: Bool = false, requireClean: Bool = false,
        fingerprintKeyEnvironmentVariable: String = "ACCEPTANCE_GATE_FINGERPRINT_KEY"
    ) {
        self.fingerprintKeyEnvironmentVariable = fingerprintKeyEnvironmentVariable
        self.configSource = configSource
        self.configBytes = configBytes
        self.repositoryDirectory = repositoryDirectory
        self.outDirectory = outDirectory
        self.fixture = fixture
        self.suites = suites
        self.scanAllow = scanAllow
        self.scanPaths = scanPaths
        self.fingerprintKey = fingerprintKey
        self.formats = formats
        self.templatesDirectory = templatesDirectory
        self.keyFile = keyFile
        self.keyFileRequired = keyFileRequired
        self.keyEnvironmentVariable = keyEnvironmentVariable
        self.requireSignature = requireSignature
        self.requireClean = requireClean
    }
}

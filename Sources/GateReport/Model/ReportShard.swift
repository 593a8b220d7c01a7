//===----------------------------------------------------------------------===//
// ReportShard.swift: one verified shard of a merged CI matrix report.
//===----------------------------------------------------------------------===//

/// One shard a merged report (`acceptance-gate merge`) was built from: its name and verdict as it
/// signed them, and the digests that tie the merged report to that shard's evidence.
package struct ReportShard: Codable, Equatable, Sendable {
    /// The shard's name (its run's `--shard`).
    package var name: String
    /// The shard's own signed verdict.
    package var verdict: ReportVerdict
    /// The exit code the shard's run ended with, when its report records one.
    package var exitCode: Int?
    /// The git commit the shard's statement signed.
    package var commit: String
    /// Hex SHA-256 of the configuration the shard ran with.
    package var configSha256: String?
    /// Hex SHA-256 of the shard's `report.dsse.json`, also a subject of the merged statement.
    package var envelopeSha256: String
    /// Hex SHA-256 of the shard's `report.json`, as its envelope signed it.
    package var reportSha256: String
    /// The keyid that signed the shard.
    package var keyid: String
    /// When the shard's run started and finished, ISO 8601 UTC.
    package var startedAt: String?
    package var finishedAt: String?
    /// How many suites and tests the shard ran, and how many problems it found.
    package var suites: Int
    package var tests: Int
    package var problems: Int
    /// Hex SHA-256 of the shard plan the shard ran (`run --plan`), when it ran one.
    package var planSha256: String?

    /// Creates a shard record.
    package init(
        name: String, verdict: ReportVerdict, exitCode: Int? = nil, commit: String, configSha256: String? = nil,
        envelopeSha256: String, reportSha256: String, keyid: String, startedAt: String? = nil, finishedAt: String? = nil,
        suites: Int = 0, tests: Int = 0, problems: Int = 0, planSha256: String? = nil
    ) {
        self.name = name
        self.verdict = verdict
        self.exitCode = exitCode
        self.commit = commit
        self.configSha256 = configSha256
        self.envelopeSha256 = envelopeSha256
        self.reportSha256 = reportSha256
        self.keyid = keyid
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.suites = suites
        self.tests = tests
        self.problems = problems
        self.planSha256 = planSha256
    }
}

//===----------------------------------------------------------------------===//
// ReportSubjectType.swift: what kind of thing a problem is about.
//===----------------------------------------------------------------------===//

/// What kind of thing a ``ReportSubject`` names.
package enum ReportSubjectType: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
    /// The run as a whole (an interruption).
    case run
    /// A pipeline stage, by its name (`stamp`, `key`, `render`, `sign`).
    case stage
    /// A suite, by its configured name.
    case suite
    /// A test in a suite.
    case test
    /// The fixture process.
    case fixture
    /// One of the fixture's listeners (`origin`, `foreign`).
    case listener
    /// A file: an archived log, a scanned path, or one of the gate's own outputs.
    case file
    /// The signing key.
    case key
    /// The work tree and its commit.
    case commit
    /// One shard of a CI matrix (`merge`), by its name, or by its folder when the name cannot be
    /// trusted (the folder did not verify).
    case shard
}

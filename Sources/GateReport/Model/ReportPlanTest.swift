//===----------------------------------------------------------------------===//
// ReportPlanTest.swift: one test and the shard it ran in.
//===----------------------------------------------------------------------===//

/// A test (as `report.json` names it) and the shard it ran in.
package struct ReportPlanTest: Codable, Equatable, Sendable {
    /// `Class.test`.
    package var name: String
    /// The shard's name.
    package var shard: String

    /// Creates a record.
    package init(name: String, shard: String) {
        self.name = name
        self.shard = shard
    }
}

//===----------------------------------------------------------------------===//
// ShardPlan.swift: the plan `acceptance-gate plan` writes as plan.json.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GatePublishing

/// Which tests each of N shards runs, balanced from earlier timings, and what it was made from.
/// Written as `plan.json`: `{"shards": [{"name": "1", "tests": [...], "expectedSeconds": …}, …]}`
/// plus the inputs' digests, the test list's digest and the granularity. Scripts read it, so its
/// keys only ever grow.
package struct ShardPlan: Codable, Equatable, Sendable {
    /// The version of this layout.
    package var schemaVersion = 1
    /// Whether a unit is a test or a class.
    package var granularity: PlanGranularity
    /// The shards, `1`…`N` in order.
    package var shards: [PlannedShard]
    /// The files the timings and the test list came from.
    package var inputs: [PlanInput]
    /// Lowercase hex SHA-256 of the planned test names, sorted and each followed by a line feed
    /// (``testListSHA256(_:)``), so `merge --plan` and a script can tell the list changed.
    package var testListSHA256: String
    /// How many distinct tests the plan places.
    package var testCount: Int
    /// Where the test list came from: `tests-file` or `last-report`.
    package var testListSource: String
    /// How many tests had no duration in the history and were given ``medianSeconds``.
    package var unknownTests: Int
    /// The median of the known durations, given to each unknown test.
    package var medianSeconds: Double
    /// No plan can do better than this: max(total / N, the longest unit).
    package var lowerBoundSeconds: Double
    /// The test target (module) of each class, when the history named one (a report's
    /// `module`, a JUnit `classname`'s first part): `xcodebuild -only-testing:` needs it.
    package var modules: [String: String]? = nil

    /// The test list's digest: SHA-256 of the names sorted by their UTF-8 bytes, each followed by `\n`.
    package static func testListSHA256(_ names: [String]) -> String {
        let sorted = Set(names).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var bytes: [UInt8] = []
        for name in sorted {
            bytes += Array(name.utf8)
            bytes.append(0x0A)
        }
        return SHA256.hash(bytes).hex
    }

    /// The plan's JSON: sorted keys, two-space indentation, a final line break; the same plan
    /// always gives the same bytes.
    package func jsonBytes() throws(ShardPlanError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return Array(try encoder.encode(self)) + [0x0A]
        } catch {
            throw .unreadable(path: "plan.json", reason: "it could not be encoded: \(error)")
        }
    }
}

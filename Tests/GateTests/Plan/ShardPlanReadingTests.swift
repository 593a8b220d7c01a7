//===----------------------------------------------------------------------===//
// ShardPlanReadingTests.swift: a `--plan` file read strictly, and one shard's part of it.
//===----------------------------------------------------------------------===//

import Gate
import GateArchive
import Testing

@Suite("shard plan reading")
struct ShardPlanReadingTests {
    @Test("a plan the planner wrote reads back; a shard's part names the others' tests, the first runs new tests")
    func roundTrip() throws {
        var timings = TestTimings()
        timings.add(run: [("A.one", 3), ("A.two", 1), ("B.three", 2), ("B.four", 1)])
        var plan = try ShardPlanner.plan(tests: ["A.one", "A.two", "B.three", "B.four"], timings: timings, shards: 2)
        plan.modules = ["A": "AppTests"]
        let read = try ShardPlan.parse(try plan.jsonBytes(), path: "plan.json")
        #expect(read.shards == plan.shards)
        #expect(read.testListSHA256 == plan.testListSHA256)
        #expect(read.modules == ["A": "AppTests"])
        let first = try read.assignment(shard: "1", sha256: "d", path: "plan.json")
        #expect(first.runsNewTests)
        #expect(Set(first.tests + first.otherTests) == ["A.one", "A.two", "B.three", "B.four"])
        #expect(Set(first.tests).isDisjoint(with: first.otherTests))
        #expect(try !read.assignment(shard: "2", sha256: "d", path: "plan.json").runsNewTests)
        #expect(throws: ShardPlanError.unknownShard(path: "plan.json", shard: "3", known: ["1", "2"])) {
            try read.assignment(shard: "3", sha256: "d", path: "plan.json")
        }
    }

    @Test(
        "a hostile plan is refused with the key path, never a trap",
        arguments: [
            ("[]", "(top level)"), ("{\"shards\": []}", "shards"),
            ("{\"shards\": [{\"name\": \"../x\", \"tests\": []}]}", "shards[0].name"),
            ("{\"shards\": [{\"name\": \"1\", \"tests\": [\"A.a\"]}, {\"name\": \"1\", \"tests\": []}]}", "named twice"),
            (
                "{\"shards\": [{\"name\": \"1\", \"tests\": [\"A.a\"]}, {\"name\": \"2\", \"tests\": [\"A.a\"]}]}",
                "also planned in shard '1'"
            ),
            ("{\"shards\": [{\"name\": \"1\", \"tests\": [\"A\\u001b[2J\"]}]}", "shards[0].tests[0]"),
            ("{\"shards\": [{\"name\": \"1\", \"tests\": [7]}]}", "shards[0].tests[0]"),
            ("{\"shards\": [{\"name\": \"1\", \"tests\": []}], \"granularity\": \"file\"}", "granularity"),
            ("{\"shards\": [{\"name\": \"1\", \"tests\": []}], \"schemaVersion\": 2}", "schemaVersion"),
            ("{\"shards\": [{\"name\": \"1\", \"tests\": []}], \"modules\": {\"A\": \"x/y\"}}", "modules.A"),
            ("{\"shards\": 1, \"shards\": 2}", "duplicate key"), ("{\"shards\": [", "line 1"),
        ])
    func hostile(json: String, said: String) {
        #expect {
            try ShardPlan.parse(Array(json.utf8), path: "bad-plan.json")
        } throws: { error in
            guard let error = error as? ShardPlanError, case .notAPlan = error else { return false }
            return error.description.contains(said) && error.description.contains("bad-plan.json") && error.exitStatus == .usage
        }
        #expect(throws: ShardPlanError.self) { try ShardPlan.parse([0xFF, 0xFE], path: "bad-plan.json") }
    }
}

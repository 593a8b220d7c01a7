//===----------------------------------------------------------------------===//
// ShardPlan+Reading.swift: a `--plan` file read strictly, and one shard's part of it.
//===----------------------------------------------------------------------===//

import GateCore
import GateDigest
import GatePublishing

extension ShardPlan {
    /// The largest plan read (64 MiB).
    package static let maximumBytes = 64 << 20

    /// Reads the plan at `path` (`run --plan`, `merge --plan`), which may not be the file `plan`
    /// wrote: the strict JSON reader reads it, and each shard, name and test is checked.
    ///
    /// - Returns: the plan and the lowercase hex SHA-256 of its bytes.
    /// - Throws: ``ShardPlanError/unreadable(path:reason:)`` or ``ShardPlanError/notAPlan(path:keyPath:reason:)``.
    package static func read(_ path: String) throws(ShardPlanError) -> (plan: ShardPlan, sha256: String) {
        let bytes: [UInt8]
        do {
            bytes = try SafeFile.contents(ofFile: path, limit: maximumBytes)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        return (try parse(bytes, path: path), SHA256.hash(bytes).hex)
    }

    /// The plan in `bytes` (the file at `path`). Only `shards` (each with a `name` and `tests`) is
    /// required; every other key a plan has is read when present. A shard name is a valid shard
    /// name, given once; a test is a name `report.json` could hold, in one shard only.
    package static func parse(_ bytes: [UInt8], path: String) throws(ShardPlanError) -> ShardPlan {
        let value: JSONValue
        do throws(JSONReadError) {
            value = try JSONReader.read(bytes, limits: JSONReader.Limits(maximumDepth: 16, maximumBytes: maximumBytes))
        } catch {
            throw .notAPlan(
                path: path, keyPath: error.path.isEmpty ? JSONKeyPath.topLevel : error.path,
                reason: "line \(error.line), column \(error.column): \(error.message)")
        }
        func fail(_ keyPath: String, _ reason: String) -> ShardPlanError { .notAPlan(path: path, keyPath: keyPath, reason: reason) }
        guard value.members != nil else { throw fail(JSONKeyPath.topLevel, "expected an object") }
        if let version = value["schemaVersion"], version.integer != 1 {
            throw fail("schemaVersion", "this gate reads version 1")
        }
        var granularity = PlanGranularity.test
        if let text = value["granularity"] {
            guard let name = text.string, let known = PlanGranularity(rawValue: name) else {
                throw fail("granularity", "expected \"test\" or \"class\"")
            }
            granularity = known
        }
        guard let shardValues = value["shards"]?.array else { throw fail("shards", "expected an array of shards") }
        guard !shardValues.isEmpty, shardValues.count <= ShardPlanner.maximumShards else {
            throw fail("shards", "expected 1 to \(ShardPlanner.maximumShards) shards, found \(shardValues.count)")
        }
        var shards: [PlannedShard] = []
        var shardOf: [String: String] = [:]
        for (index, shardValue) in shardValues.enumerated() {
            let at = "shards[\(index)]"
            guard let name = shardValue["name"]?.string else { throw fail(at + ".name", "expected a string") }
            guard ShardName.isValid(name) else { throw fail(at + ".name", "not a shard name (\(ShardName.allowedText))") }
            guard !shards.contains(where: { $0.name == name }) else { throw fail(at + ".name", "shard '\(name)' is named twice") }
            guard let testValues = shardValue["tests"]?.array else { throw fail(at + ".tests", "expected an array of test names") }
            var tests: [String] = []
            for (position, testValue) in testValues.enumerated() {
                let place = "\(at).tests[\(position)]"
                guard let test = testValue.string, !test.isEmpty else { throw fail(place, "expected a test name") }
                guard test.utf8.count <= PlanTestList.maximumNameLength, !test.unicodeScalars.contains(where: PrintableLine.isUnsafe)
                else { throw fail(place, "not a test name (too long, or a control character)") }
                if let other = shardOf.updateValue(name, forKey: test), other != name {
                    throw fail(place, "'\(PrintableLine.make(test, limit: 120))' is also planned in shard '\(other)'")
                }
                tests.append(test)
            }
            let seconds = shardValue["expectedSeconds"]?.number ?? 0
            let classes = shardValue["classes"]?.array?.compactMap(\.string)
            shards.append(PlannedShard(name: name, tests: tests, classes: classes, expectedSeconds: seconds.isFinite ? seconds : 0))
        }
        var modules: [String: String]?
        if let members = value["modules"] {
            guard let pairs = members.members else { throw fail("modules", "expected an object of class to test target") }
            var map: [String: String] = [:]
            for pair in pairs {
                guard let module = pair.value.string, !module.isEmpty, !module.contains("/"),
                    !module.unicodeScalars.contains(where: PrintableLine.isUnsafe)
                else { throw fail("modules." + JSONKeyPath.shown(pair.key), "expected a test target's name") }
                map[pair.key] = module
            }
            modules = map
        }
        let names = Array(shardOf.keys)
        return ShardPlan(
            granularity: granularity, shards: shards,
            inputs: [], testListSHA256: value["testListSHA256"]?.string ?? ShardPlan.testListSHA256(names),
            testCount: names.count, testListSource: value["testListSource"]?.string ?? "",
            unknownTests: value["unknownTests"]?.integer ?? 0,
            medianSeconds: value["medianSeconds"]?.number ?? 0, lowerBoundSeconds: value["lowerBoundSeconds"]?.number ?? 0,
            modules: modules)
    }

    /// Shard `name`'s part of the plan, for `run --shard name --plan`.
    ///
    /// - Parameters:
    ///   - sha256: the plan file's digest, which the run's report records.
    ///   - path: the plan's path, for the message.
    /// - Throws: ``ShardPlanError/unknownShard(path:shard:known:)``.
    package func assignment(shard name: String, sha256: String, path: String) throws(ShardPlanError) -> ShardAssignment {
        guard let own = shards.first(where: { $0.name == name }) else {
            throw .unknownShard(path: path, shard: name, known: shards.map(\.name))
        }
        return ShardAssignment(
            shard: name, planSHA256: sha256, granularity: granularity, tests: own.tests,
            otherTests: shards.filter { $0.name != name }.flatMap(\.tests), modules: modules ?? [:],
            runsNewTests: shards.first?.name == name)
    }
}

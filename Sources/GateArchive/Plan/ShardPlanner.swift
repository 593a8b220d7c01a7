//===----------------------------------------------------------------------===//
// ShardPlanner.swift: tests to N shards, the slowest shard as short as cheaply possible.
//===----------------------------------------------------------------------===//

import GatePublishing

/// Assigns tests to N shards so the slowest shard is as short as it cheaply can be:
/// longest-processing-time first (each unit, longest first, to the least loaded shard; within
/// 4/3 of optimal), then a bounded improvement pass that moves one unit, or swaps two, between
/// the slowest shard and another whenever that shortens the slowest without making the other as
/// slow. Every move lowers the sum of the squared loads, so the pass ends; it stops sooner at
/// ``maximumImprovements``.
///
/// Durations are whole milliseconds (reports round to them), so every sum is exact and the same
/// inputs give the same plan on every machine; ties are broken by name (UTF-8 byte order). A
/// unit counts at least 1 ms: a test costs its start-up even when it reports `0.000` seconds,
/// and zero-cost units would otherwise all pile onto one shard.
package enum ShardPlanner {
    /// The most shards a plan has (GitHub Actions' matrix holds at most 256 jobs).
    package static let maximumShards = 256
    /// The most moves or swaps the improvement pass makes.
    package static let maximumImprovements = 5000

    /// The plan for `tests` on `shards` shards from `timings`.
    ///
    /// - Parameters:
    ///   - tests: the current tests, as `report.json` names them; duplicates count once.
    ///   - timings: the history; a test without a duration in it gets the median of the known ones
    ///     (1 second when nothing is known).
    ///   - shards: N, 1…``maximumShards``.
    ///   - granularity: per test, or per class when the runner cannot filter finer.
    ///   - inputs: the files the history and the list came from, recorded in the plan.
    ///   - testListSource: `tests-file` or `last-report`.
    /// - Throws: ``ShardPlanError/shardCount(_:)``, ``ShardPlanError/noTests``, or
    ///   ``ShardPlanError/moreShardsThanUnits(shards:units:granularity:)``.
    package static func plan(
        tests: [String], timings: TestTimings, shards: Int, granularity: PlanGranularity = .test, inputs: [PlanInput] = [],
        testListSource: String = "tests-file"
    ) throws(ShardPlanError) -> ShardPlan {
        guard shards >= 1, shards <= maximumShards else { throw .shardCount(shards) }
        let names = Set(tests).sorted(by: byteOrder)
        guard !names.isEmpty else { throw .noTests }
        let known = names.compactMap { timings.seconds(of: $0) }
        let median = TestTimings.median(known) ?? TestTimings.median(timings.observations.keys.compactMap { timings.seconds(of: $0) }) ?? 1
        var unitTests: [String: [String]] = [:]
        var unitWeights: [String: Int64] = [:]
        for name in names {
            let unit = granularity.unit(of: name)
            unitTests[unit, default: []].append(name)
            unitWeights[unit, default: 0] += milliseconds(timings.seconds(of: name) ?? median)
        }
        guard unitTests.count >= shards else {
            throw .moreShardsThanUnits(shards: shards, units: unitTests.count, granularity: granularity)
        }
        let units = unitWeights.map { (name: $0.key, weight: $0.value) }.sorted {
            $0.weight != $1.weight ? $0.weight > $1.weight : byteOrder($0.name, $1.name)
        }
        let assignment = assign(weights: units.map(\.weight), shards: shards)
        var planned = (1...shards).map {
            PlannedShard(name: String($0), tests: [], classes: granularity == .class ? [] : nil, expectedSeconds: 0)
        }
        var loads = [Int64](repeating: 0, count: shards)
        for (index, unit) in units.enumerated() {
            let shard = assignment[index]
            loads[shard] += unit.weight
            planned[shard].tests += unitTests[unit.name] ?? []
            planned[shard].classes?.append(unit.name)
        }
        for index in planned.indices {
            planned[index].tests.sort(by: byteOrder)
            planned[index].classes?.sort(by: byteOrder)
            planned[index].expectedSeconds = seconds(loads[index])
        }
        let total = units.reduce(Int64(0)) { $0 + $1.weight }
        let longest = units.first?.weight ?? 0
        let bound = max((total + Int64(shards) - 1) / Int64(shards), longest)
        return ShardPlan(
            granularity: granularity, shards: planned, inputs: inputs, testListSHA256: ShardPlan.testListSHA256(names),
            testCount: names.count, testListSource: testListSource, unknownTests: names.count - known.count,
            medianSeconds: seconds(milliseconds(median)), lowerBoundSeconds: seconds(bound))
    }

    /// The shard (0-based) of each unit, for units already sorted longest first (ties by name):
    /// longest-processing-time first, then the improvement pass. Also used by the benchmark.
    ///
    /// - Parameter improvements: the most moves and swaps after LPT (0 for LPT alone).
    package static func assign(weights: [Int64], shards: Int, improvements: Int = maximumImprovements) -> [Int] {
        guard shards > 1 else { return [Int](repeating: 0, count: weights.count) }
        var loads = [Int64](repeating: 0, count: shards)
        var assignment = [Int](repeating: 0, count: weights.count)
        for (unit, weight) in weights.enumerated() {
            var target = 0
            for shard in 1..<shards where loads[shard] < loads[target] { target = shard }
            assignment[unit] = target
            loads[target] += weight
        }
        var members = [[Int]](repeating: [], count: shards)
        for unit in weights.indices { members[assignment[unit]].append(unit) }
        // Each shard's units by weight, ascending, for the binary searches below.
        for shard in members.indices { members[shard].sort { weights[$0] != weights[$1] ? weights[$0] < weights[$1] : $0 < $1 } }
        // No split beats max(ceil(total / N), longest unit): at the bound, stop.
        let total = weights.reduce(Int64(0), +)
        let bound = max((total + Int64(shards) - 1) / Int64(shards), weights.max() ?? 0)
        for _ in 0..<max(0, improvements) {
            guard (loads.max() ?? 0) > bound, let step = bestStep(weights: weights, loads: loads, members: members) else { break }
            apply(step, weights: weights, loads: &loads, members: &members, assignment: &assignment)
        }
        return assignment
    }

    /// One improvement: `unit` leaves `from` for `to`, and `back` (if any) goes the other way.
    private struct Step {
        var from: Int
        var to: Int
        var unit: Int
        var back: Int?
        var score: Int64
    }

    /// The move or swap out of the slowest shard that leaves the two shards' larger load
    /// smallest; `nil` when none shortens the slowest shard without making another as slow.
    private static func bestStep(weights: [Int64], loads: [Int64], members: [[Int]]) -> Step? {
        var slowest = 0
        for shard in loads.indices where loads[shard] > loads[slowest] { slowest = shard }
        let top = loads[slowest]
        var best: Step?
        for other in loads.indices where other != slowest {
            let gap = top - loads[other]
            guard gap > 1 else { continue }
            // A move or swap shifting `delta` (0 < delta < gap) leaves max(top - delta, other + delta).
            func consider(_ delta: Int64, unit: Int, back: Int?) {
                guard delta > 0, delta < gap else { return }
                let score = max(top - delta, loads[other] + delta)
                if score < (best?.score ?? top) { best = Step(from: slowest, to: other, unit: unit, back: back, score: score) }
            }
            let ours = members[slowest]
            let theirs = members[other]
            var previous: Int64 = -1
            for unit in ours {
                let weight = weights[unit]
                guard weight != previous else { continue }
                previous = weight
                consider(weight, unit: unit, back: nil)
                // The partner whose weight is nearest weight - gap/2 gives the most even pair.
                let wanted = weight - gap / 2
                let position = lowerBound(theirs, weights: weights, value: wanted)
                for candidate in [position - 1, position] where candidate >= 0 && candidate < theirs.count {
                    let partner = theirs[candidate]
                    consider(weight - weights[partner], unit: unit, back: partner)
                }
            }
        }
        return best
    }

    /// Applies `step`, keeping each shard's members sorted by weight.
    private static func apply(_ step: Step, weights: [Int64], loads: inout [Int64], members: inout [[Int]], assignment: inout [Int]) {
        move(step.unit, from: step.from, to: step.to, weights: weights, loads: &loads, members: &members, assignment: &assignment)
        if let back = step.back {
            move(back, from: step.to, to: step.from, weights: weights, loads: &loads, members: &members, assignment: &assignment)
        }
    }

    /// Moves `unit` from shard `from` to shard `to`.
    private static func move(
        _ unit: Int, from: Int, to: Int, weights: [Int64], loads: inout [Int64], members: inout [[Int]], assignment: inout [Int]
    ) {
        if let index = members[from].firstIndex(of: unit) { members[from].remove(at: index) }
        let weight = weights[unit]
        let position =
            members[to].firstIndex { weights[$0] > weight || (weights[$0] == weight && $0 > unit) } ?? members[to].count
        members[to].insert(unit, at: position)
        loads[from] -= weight
        loads[to] += weight
        assignment[unit] = to
    }

    /// The first position in `units` (ascending by weight) whose weight is at least `value`.
    private static func lowerBound(_ units: [Int], weights: [Int64], value: Int64) -> Int {
        var low = 0
        var high = units.count
        while low < high {
            let middle = (low + high) / 2
            if weights[units[middle]] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Seconds as whole milliseconds, at least 1.
    package static func milliseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite, seconds > 0 else { return 1 }
        return max(1, Int64((min(seconds, TestTimings.maximumSeconds) * 1000).rounded()))
    }

    /// Milliseconds as seconds.
    private static func seconds(_ milliseconds: Int64) -> Double {
        Double(milliseconds) / 1000
    }

    /// Names in UTF-8 byte order, which every platform sorts alike.
    package static func byteOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

//===----------------------------------------------------------------------===//
// PlanBenchmark.swift: the shard planner on a long-tailed history, against the lower bound.
//===----------------------------------------------------------------------===//

import Foundation
import GateArchive

/// `Benchmarks plan`: how close ``ShardPlanner`` comes to the lower bound no split can beat,
/// max(total / N, longest test), on a seeded long-tailed history, beside LPT alone and the splits
/// teams make by hand (round-robin in report order, contiguous equal counts by name); and how long
/// a whole plan takes. Fails when a plan's slowest shard is more than 5 % over the bound.
struct PlanBenchmark {
    let options: PlanBenchmarkOptions

    /// The target of issue #38: the slowest shard within 5 % of the bound.
    static let targetRatio = 1.05

    func run() throws(BenchmarkFailure) {
        let history = Self.history(tests: options.tests, seed: UInt64(options.seed))
        let worst = try table(history, label: "history")
        // The same slow tests without the sub-second filler: LPT alone has little to even out with,
        // so what the improvement pass adds shows (not held to the target: the bound is not reachable).
        Output.line("")
        _ = try table(history.filter { $0.seconds >= 1 }, label: "without the sub-second tests")
        guard worst <= Self.targetRatio else {
            throw BenchmarkFailure("a plan's slowest shard is \(Format.fixed(worst, 4)) of the lower bound, over \(Self.targetRatio)")
        }
    }

    /// Plans `history` for 2…16 shards and prints the table; returns the worst plan/bound.
    private func table(_ history: [(name: String, seconds: Double)], label: String) throws(BenchmarkFailure) -> Double {
        var timings = TestTimings()
        for (name, seconds) in history { timings.add(name, seconds: seconds) }
        let names = history.map(\.name)
        let weights = Dictionary(uniqueKeysWithValues: history.map { ($0.name, ShardPlanner.milliseconds($0.seconds)) })
        let total = weights.values.reduce(0, +)
        let longest = weights.values.max() ?? 0
        Output.line(
            "\(label): \(names.count) tests, seed \(options.seed), total \(Format.fixed(Double(total) / 1000, 1)) s, longest "
                + "\(Format.fixed(Double(longest) / 1000, 1)) s, \(history.filter { $0.seconds < 1 }.count) under a second")
        Output.line("slowest shard / lower bound (1.000 is the best any split can do); plan time is the median of \(options.repetitions)")
        Output.line(pad(["N", "bound s", "plan s", "plan", "LPT alone", "round-robin", "by name", "plan ms"]))
        var worst = 0.0
        var slowestPlan = 0.0
        for shards in 2...16 {
            var plan: ShardPlan?
            var samples: [Double] = []
            for _ in 0..<options.repetitions {
                let timed = try Stopwatch.time { () throws(BenchmarkFailure) -> ShardPlan in
                    do throws(ShardPlanError) {
                        return try ShardPlanner.plan(tests: names, timings: timings, shards: shards)
                    } catch {
                        throw BenchmarkFailure(error.description)
                    }
                }
                samples.append(timed.seconds)
                plan = timed.result
            }
            guard let plan else { throw BenchmarkFailure("no plan for \(shards) shards") }
            let bound = max((total + Int64(shards) - 1) / Int64(shards), longest)
            let planned = plan.shards.map { $0.tests.reduce(Int64(0)) { $0 + (weights[$1] ?? 0) } }.max() ?? 0
            guard plan.shards.reduce(0, { $0 + $1.tests.count }) == names.count else {
                throw BenchmarkFailure("the plan for \(shards) shards does not place every test once")
            }
            let sorted = names.sorted { (weights[$0] ?? 0, $1) > (weights[$1] ?? 0, $0) }
            let alone = ShardPlanner.assign(weights: sorted.map { weights[$0] ?? 0 }, shards: shards, improvements: 0)
            let lpt = slowest(zip(alone, sorted.map { weights[$0] ?? 0 }), shards: shards)
            let roundRobin = slowest(names.enumerated().map { ($0.offset % shards, weights[$0.element] ?? 0) }, shards: shards)
            let byName = names.sorted(by: ShardPlanner.byteOrder).enumerated().map { item in
                (item.offset * shards / names.count, weights[item.element] ?? 0)
            }
            let median = samples.median
            let ratio = Double(planned) / Double(bound)
            worst = max(worst, ratio)
            slowestPlan = max(slowestPlan, median)
            Output.line(
                pad([
                    "\(shards)", Format.fixed(Double(bound) / 1000, 1), Format.fixed(Double(planned) / 1000, 1), Format.fixed(ratio, 5),
                    Format.fixed(Double(lpt) / Double(bound), 5), Format.fixed(Double(roundRobin) / Double(bound), 3),
                    Format.fixed(Double(slowest(byName, shards: shards)) / Double(bound), 3), Format.fixed(median * 1000, 1),
                ]))
        }
        Output.line(
            "worst plan/bound \(Format.fixed(worst, 5)) (target at most \(Self.targetRatio)); slowest plan "
                + "\(Format.fixed(slowestPlan * 1000, 1)) ms (target under 1000 ms)")
        return worst
    }

    /// The slowest shard's milliseconds for (shard, weight) pairs.
    private func slowest(_ pairs: some Sequence<(Int, Int64)>, shards: Int) -> Int64 {
        var loads = [Int64](repeating: 0, count: shards)
        for (shard, weight) in pairs { loads[shard] += weight }
        return loads.max() ?? 0
    }

    /// The columns right-aligned in a fixed width.
    private func pad(_ columns: [String]) -> String {
        let widths = [3, 9, 9, 8, 10, 12, 9, 8]
        return zip(columns, widths).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }.joined(separator: " ")
    }

    /// A seeded long-tailed history in report order (suites run class by class): ten tests of one
    /// to five minutes and 200 of one to twenty seconds, clustered in the first few classes as slow
    /// UI and integration classes are, the rest log-uniform between 1 and 500 ms.
    static func history(tests: Int, seed: UInt64) -> [(name: String, seconds: Double)] {
        var random = SplitMix64(seed: seed)
        var result: [(name: String, seconds: Double)] = []
        for index in 0..<tests {
            let seconds: Double
            if index < 10 {
                seconds = Double.random(in: 60...300, using: &random)
            } else if index < 210 {
                seconds = Double.random(in: 1...20, using: &random)
            } else {
                seconds = 0.001 * pow(500, Double.random(in: 0...1, using: &random))
            }
            // About 25 tests a class; the slow ones land in the first classes, as in a real suite.
            let name = "Class\(String(format: "%04d", index / 25)).test\(String(format: "%06d", index))"
            result.append((name, (seconds * 1000).rounded() / 1000))
        }
        return result
    }
}

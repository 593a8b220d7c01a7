//===----------------------------------------------------------------------===//
// ShardPlanError.swift: why a shard plan cannot be made.
//===----------------------------------------------------------------------===//

import GateCore
import GatePublishing

/// Why `plan` cannot make or read a plan. Each message names the thing and what to do.
package enum ShardPlanError: Error, Equatable, CustomStringConvertible {
    /// The shard count is below 1 or above ``ShardPlanner/maximumShards``.
    case shardCount(Int)
    /// There are no tests to place.
    case noTests
    /// More shards than units to place: a shard would run nothing, which a runner's filter
    /// cannot say (an empty filter runs everything).
    case moreShardsThanUnits(shards: Int, units: Int, granularity: PlanGranularity)
    /// An input file could not be read or is not what `plan` reads.
    case unreadable(path: String, reason: String)
    /// A `--from` folder did not verify with `--pubkey` (or was unsigned where a signature was required).
    case unverified(path: String, reason: String)
    /// The test list holds a name no runner could have printed (a control character, too long).
    case badTestName(path: String, line: Int, reason: String)
    /// A `--plan` file is not a plan `plan` wrote: `keyPath` and what is wrong there.
    case notAPlan(path: String, keyPath: String, reason: String)
    /// `--shard` names no shard of the `--plan`.
    case unknownShard(path: String, shard: String, known: [String])

    /// The one-line message.
    package var description: String {
        switch self {
        case .shardCount(let count):
            "--shards \(count) is not a shard count; give 1 to \(ShardPlanner.maximumShards)"
        case .noTests:
            "there are no tests to plan: give --tests FILE (one name a line) or a --from report that ran tests"
        case .moreShardsThanUnits(let shards, let units, let granularity):
            "\(shards) shards for \(units) \(granularity == .class ? "classes" : "tests") would leave a shard with nothing to run; "
                + "give --shards \(units) or fewer"
        case .unreadable(let path, let reason):
            "cannot read '\(PrintableLine.make(path, limit: 200))': \(reason)"
        case .unverified(let path, let reason):
            "'\(PrintableLine.make(path, limit: 200))' did not verify: \(reason)"
        case .badTestName(let path, let line, let reason):
            "'\(PrintableLine.make(path, limit: 200))' line \(line) is not a test name: \(reason); write one test a line as report.json names it"
        case .notAPlan(let path, let keyPath, let reason):
            "'\(PrintableLine.make(path, limit: 200))' is not a shard plan: \(PrintableLine.make(keyPath, limit: 120)): \(reason); "
                + "write it with 'acceptance-gate plan'"
        case .unknownShard(let path, let shard, let known):
            "--shard '\(PrintableLine.make(shard, limit: 80))' is not a shard of '\(PrintableLine.make(path, limit: 200))'; "
                + "its shards are \(known.prefix(8).joined(separator: ", "))\(known.count > 8 ? ", …" : "")"
        }
    }
}

extension ShardPlanError: GateFailure {
    /// Exit 1 for timings that did not verify, as `verify` ends for evidence that does not hold;
    /// exit 2 for every other case, a command line or input the user gave that cannot be planned.
    package var exitStatus: GateExitStatus {
        if case .unverified = self { return .failure }
        return .usage
    }
}

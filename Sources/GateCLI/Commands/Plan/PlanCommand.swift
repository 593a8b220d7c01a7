//===----------------------------------------------------------------------===//
// PlanCommand.swift: `acceptance-gate plan --shards N --from PATH... --out plan.json`.
//===----------------------------------------------------------------------===//

import Gate
import GateArchive
import GateCore
import GatePublishing
import GateReport

/// `plan`: assigns the current tests to N shards balanced by the durations earlier reports
/// signed, and writes `plan.json` (each shard's tests and expected seconds, the inputs' and the
/// test list's SHA-256, the granularity).
///
/// Exits 0 when the plan is written; 1 when a `--from` folder does not verify with `--pubkey`; 2
/// usage, an input that cannot be read, or nothing to plan; 3 when `plan.json` cannot be written or
/// `--pubkey` is not the key `--require-keyid` pins (as `merge` ends).
package enum PlanCommand: GateCommand {
    /// `--shards N`.
    package static let shards = OptionSpec.value(
        "shards", kind: .integer(1...ShardPlanner.maximumShards), valueName: "n", isRequired: true,
        help: "How many shards the CI matrix runs; they are named 1 to N, as 'run --shard' and 'merge' name them.")

    /// `--from PATH`, repeatable.
    package static let from = OptionSpec.value(
        "from", kind: .text, valueName: "path", isRepeatable: true,
        help: "An earlier out folder (its report.json), a report.json, or a JUnit XML file whose test durations to balance by; "
            + "repeat for several runs (a test's median duration counts).")

    /// `--tests FILE`.
    package static let tests = OptionSpec.value(
        "tests", kind: .text, valueName: "file",
        help: "The current tests, one a line as report.json names them (Class.test); without it, the last --from's tests.")

    /// `--out FILE`.
    package static let out = OptionSpec.value(
        "out", kind: .text, valueName: "file", isRequired: true, help: "Where the plan goes, e.g. plan.json (replaced whole).")

    /// `--granularity test|class`.
    package static let granularity = OptionSpec.value(
        "granularity", kind: .choice(PlanGranularity.allCases.map(\.rawValue)), valueName: "unit",
        help: "'test' (default) places each test alone; 'class' keeps each class's tests on one shard, for a runner that "
            + "cannot filter finer.")

    /// `--pubkey FILE`: optional here, unlike `verify`.
    package static let pubkey = OptionSpec.value(
        "pubkey", kind: .text, valueName: "file",
        help: "The public key every --from folder must be signed by; each is verified as 'verify' does, and JUnit files are refused.")

    /// `plan`'s declaration.
    package static var spec: CommandSpec {
        CommandSpec(
            name: "plan", abstract: "Plan a CI matrix's shards from earlier reports' test durations.",
            discussion: "Reads the durations of every test in the --from reports (out folders, report.json files, or JUnit XML "
                + "files), takes the current tests from --tests (or, said so, the last --from's tests), and assigns them to "
                + "--shards N shards so the slowest shard is as short as it can cheaply be: longest first to the least loaded "
                + "shard, then moves and swaps out of the slowest shard while they shorten it. A test with no duration gets the "
                + "median of the known ones; ties go by name, so the same inputs give the same plan. Writes --out as JSON: "
                + "'shards' (name 1..N, tests, expectedSeconds), the inputs' SHA-256, the test list's SHA-256 "
                + "(testListSHA256), the granularity and the lower bound no plan can beat. With --pubkey every --from must be "
                + "an out folder that verifies (--require-keyid pins the key). Exit 0 written; 1 a --from that does not "
                + "verify; 2 usage, an input that cannot be read, or nothing to plan; 3 the plan cannot be written, or --pubkey "
                + "is not the key --require-keyid pins.",
            options: [shards, from, tests, out, granularity, pubkey, PinnedPolicy.requireKeyID])
    }

    /// Reads the inputs, plans, writes the plan and prints one line per shard.
    package static func run(_ arguments: ParsedArguments, context: CommandContext) throws(CommandLineError) -> GateExitStatus {
        let request = try PlanRequest(arguments)
        let made: PlanRequest.Made
        do {
            made = try request.make()
        } catch {
            throw CommandLineError(error)
        }
        let plan = made.plan
        let output = context.console.output
        for note in made.notes {
            output.writeLine(Diagnostic.printable(note))
        }
        for shard in plan.shards {
            output.writeLine("shard \(shard.name): \(shard.tests.count) test(s), expected \(ReportDuration.text(shard.expectedSeconds)) s")
        }
        let slowest = plan.shards.map(\.expectedSeconds).max() ?? 0
        output.writeLine(
            "slowest shard \(ReportDuration.text(slowest)) s, lower bound \(ReportDuration.text(plan.lowerBoundSeconds)) s "
                + "(\(plan.testCount) test(s), per \(plan.granularity.rawValue))")
        do {
            try AtomicFile.write(try plan.jsonBytes(), to: request.outPath)
        } catch {
            throw .failed(
                message: "cannot write the plan to '\(request.outPath)': \(error); choose a writable path", status: .infrastructure)
        }
        output.writeLine(Diagnostic.printable("written: \(request.outPath), test list sha256 \(plan.testListSHA256.prefix(12))"))
        return .success
    }
}

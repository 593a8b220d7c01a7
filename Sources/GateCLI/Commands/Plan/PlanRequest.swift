//===----------------------------------------------------------------------===//
// PlanRequest.swift: the plan a `plan` command line asks for.
//===----------------------------------------------------------------------===//

import Gate
import GateArchive
import GatePublishing
import GateSigning

/// The plan one `plan` command line asks for, every option checked (and the key loaded) before
/// any input is read.
struct PlanRequest {
    /// `--shards`.
    var shardCount: Int
    /// `--from`, in the order given.
    var sources: [String]
    /// `--tests`.
    var testsFile: String?
    /// `--out`.
    var outPath: String
    /// `--granularity`.
    var granularity: PlanGranularity
    /// `--pubkey`, loaded.
    var publicKey: PublicKey?

    /// A plan and what `plan` says about how it was made.
    struct Made {
        /// The plan.
        var plan: ShardPlan
        /// One line each: where the test list came from, unknown tests, dropped duplicates.
        var notes: [String]
    }

    /// Reads `plan`'s options.
    ///
    /// - Throws: usage errors (exit 2) for neither `--from` nor `--tests`, `--require-keyid`
    ///   without `--pubkey`, or a key that cannot be loaded; exit 3 for a key that is not the one
    ///   `--require-keyid` pins, as `merge` ends.
    init(_ arguments: ParsedArguments) throws(CommandLineError) {
        let command = arguments.command
        shardCount = arguments.integer(PlanCommand.shards) ?? 1
        sources = arguments.texts(PlanCommand.from)
        testsFile = arguments.text(PlanCommand.tests)
        outPath = arguments.text(PlanCommand.out) ?? ""
        granularity = arguments.text(PlanCommand.granularity).flatMap(PlanGranularity.init(rawValue:)) ?? .test
        guard !sources.isEmpty || testsFile != nil else {
            throw .missingOption("--from", usage: "--from <path> (or --tests <file>)", command: command)
        }
        let keyID = try PinnedPolicy.keyID(arguments, command: command)
        if let file = arguments.text(PlanCommand.pubkey) {
            let key = try KeyOptions.publicKey(file: file)
            try PinnedPolicy.requireKey(key, keyID: keyID, status: .infrastructure)
            publicKey = key
        } else if let keyID {
            throw .missingOption("--pubkey", usage: "--pubkey <file> (the key --require-keyid \(keyID.prefix(12))… pins)", command: command)
        }
    }

    /// Reads every input and plans.
    ///
    /// - Throws: ``ShardPlanError`` naming the input or the count that cannot be planned.
    func make() throws(ShardPlanError) -> Made {
        var timings = TestTimings()
        var inputs: [PlanInput] = []
        var lastTests: (path: String, names: [String])?
        var modules: [String: String] = [:]
        for path in sources {
            let source = try PlanSource.read(path, publicKey: publicKey)
            timings.add(run: source.durations)
            modules.merge(source.modules) { _, later in later }
            inputs.append(source.input)
            if !source.tests.isEmpty { lastTests = (path, source.tests) }
        }
        var notes: [String] = []
        let tests: [String]
        let listSource: String
        if let testsFile {
            let list = try PlanTestList.read(testsFile)
            inputs.append(list.input)
            tests = list.names
            listSource = "tests-file"
            notes.append("tests: \(list.names.count) from '\(testsFile)'")
            if list.duplicates > 0 { notes.append("note: \(list.duplicates) repeated line(s) in '\(testsFile)' counted once") }
        } else if let lastTests {
            tests = lastTests.names
            listSource = "last-report"
            notes.append(
                "tests: \(Set(tests).count) from the last --from, '\(lastTests.path)' (no --tests given, so tests added since it ran "
                    + "are not planned)")
        } else {
            throw .noTests
        }
        var plan = try ShardPlanner.plan(
            tests: tests, timings: timings, shards: shardCount, granularity: granularity, inputs: inputs, testListSource: listSource)
        // Only the planned classes' targets, which `run --plan` gives `xcodebuild -only-testing:`.
        let classes = Set(tests.map { PlanGranularity.class.unit(of: $0) })
        let known = modules.filter { classes.contains($0.key) }
        plan.modules = known.isEmpty ? nil : known
        if plan.unknownTests > 0 {
            notes.append(
                "unknown: \(plan.unknownTests) test(s) with no duration in the history, each planned at the median \(plan.medianSeconds) s")
        }
        return Made(plan: plan, notes: notes)
    }
}

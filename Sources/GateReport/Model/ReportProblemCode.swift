//===----------------------------------------------------------------------===//
// ReportProblemCode.swift: the stable identifier of each kind of problem.
//===----------------------------------------------------------------------===//

/// What went wrong, as a stable kebab-case identifier that outside tools can branch on (the
/// sentence is for people and may change). Each code has one ``kind``.
package enum ReportProblemCode: String, Codable, Equatable, Hashable, Sendable, CaseIterable {
    // MARK: - The change under test

    /// A test failed (its failure lines, a crash in it).
    case testFailed = "test-failed"
    /// A test passed only after a failed attempt, and its suite's `flaky` policy is `reject`.
    case testFlaky = "test-flaky"
    /// An xctest suite's quarantine entry has expired (its owner is named).
    case quarantineExpired = "quarantine-expired"
    /// An expected test did not run.
    case testMissing = "test-missing"
    /// An expected test ran but was skipped.
    case expectedTestSkipped = "expected-test-skipped"
    /// Tests an xctest suite's package declares never ran (a class `Tests/LinuxMain.swift` does
    /// not list, a test target it does not run), and the suite's `unrunTests` policy is `reject`.
    case testsNeverRan = "tests-never-ran"
    /// An xctest suite ran no test at all.
    case zeroTests = "zero-tests"
    /// A log that stopped short: its framework's final totals never came, or the gate had to
    /// stop reading output that was still arriving.
    case incompleteLog = "incomplete-log"
    /// A log whose framework totals contradict its per-test lines (more tests or failures counted
    /// than shown).
    case summaryMismatch = "summary-mismatch"
    /// A suite's process exited with a non-zero code.
    case suiteExitStatus = "suite-exit-status"
    /// A suite's process was ended by a signal it did not get from the gate (a crash).
    case suiteCrashed = "suite-crashed"
    /// A suite left processes running after it exited.
    case strayProcesses = "stray-processes"
    /// A frame acceptance point does not hold.
    case framePointFailed = "frame-point-failed"
    /// The fixture exited while the suites ran.
    case fixtureExitedEarly = "fixture-exited-early"
    /// The fixture ignored SIGTERM and had to be killed.
    case fixtureIgnoredSIGTERM = "fixture-ignored-sigterm"
    /// The fixture's exit could not be proved (group not empty, port still held, wrong status).
    case fixtureExitUnproven = "fixture-exit-unproven"
    /// The fixture's ledger is missing or unreadable.
    case fixtureLedger = "fixture-ledger"
    /// The foreign listener saw requests it should not have.
    case foreignRequests = "foreign-requests"
    /// The origin listener never served a path the redirect tests must request: the tests did
    /// not talk to the fixture (`fixture.expect.originPaths`).
    case originPathsMissing = "origin-paths-missing"
    /// A suite whose tests did not build (a compiler error in its log).
    case testsDidNotBuild = "tests-did-not-build"
    /// A token-like string leaked into a captured log or a scanned file.
    case leak = "leak"
    /// A token-like string reached one of the gate's own rendered files.
    case outputLeak = "output-leak"
    /// The work tree is dirty and a clean one is required.
    case dirtyTree = "dirty-tree"
    /// The work tree (or HEAD) changed while the suites ran: what was tested is not the commit.
    case treeChangedDuringRun = "tree-changed-during-run"
    /// Files the gate did not write were in its out folder (which CI uploads): scanned, then removed.
    case foreignOutput = "foreign-output"
    /// The code under test wrote to the CI runner's command files (`GITHUB_ENV`, the job summary…): put back.
    case ciChannelWritten = "ci-channel-written"
    /// A signature is required and there is no key.
    case signingKeyMissing = "signing-key-missing"
    /// A shard of a CI matrix was rejected (`merge`); its own problems follow, named by shard.
    case shardRejected = "shard-rejected"

    // MARK: - Infrastructure

    /// The commit stamp could not be read (no repository, another owner).
    case commitStamp = "commit-stamp"
    /// The toolchain stamp could not be read.
    case toolchainStamp = "toolchain-stamp"
    /// The signing key exists but cannot be used.
    case signingKeyUnusable = "signing-key-unusable"
    /// The fixture could not start or never became ready.
    case fixtureNotReady = "fixture-not-ready"
    /// `run --isolation required`, and the suites could not be separated from the gate.
    case isolationUnavailable = "isolation-unavailable"
    /// A suite could not be run at all (spawn failed, log not creatable, no result).
    case suiteDidNotRun = "suite-did-not-run"
    /// A suite ran past its timeout and was stopped.
    case suiteTimedOut = "suite-timed-out"
    /// A file the leak scan was to read could not be read.
    case scanUnreadable = "scan-unreadable"
    /// The report templates cannot be used.
    case templatesUnusable = "templates-unusable"
    /// The report could not be signed.
    case signingFailed = "signing-failed"
    /// An expected shard (`merge --expect-shards`) is in none of the folders given.
    case shardMissing = "shard-missing"
    /// A shard folder does not verify (signature, report digest, a log), so nothing in it counts.
    case shardUnverified = "shard-unverified"
    /// Two folders hold the same shard; only the first is merged.
    case shardDuplicated = "shard-duplicated"
    /// A shard's report has no shard name (its run had no `--shard`), so it cannot be told apart.
    case shardUnnamed = "shard-unnamed"
    /// A shard that `--expect-shards` does not name.
    case shardUnexpected = "shard-unexpected"
    /// The shards were signed for more than one commit.
    case shardCommitMismatch = "shard-commit-mismatch"
    /// The shards ran with more than one configuration (by SHA-256).
    case shardConfigurationMismatch = "shard-configuration-mismatch"
    /// A shard's own verdict is `error` or `aborted`: it could not judge, so the matrix cannot.
    case shardIncomplete = "shard-incomplete"

    // MARK: - Interruption

    /// The run was stopped by SIGINT, SIGTERM or SIGHUP.
    case interrupted = "interrupted"

    /// Whose fault a problem with this code is.
    package var kind: ReportProblemKind {
        switch self {
        case .testFailed, .testFlaky, .quarantineExpired, .testMissing, .expectedTestSkipped, .testsNeverRan, .zeroTests, .incompleteLog,
            .summaryMismatch,
            .suiteExitStatus,
            .suiteCrashed,
            .strayProcesses,
            .framePointFailed, .fixtureExitedEarly, .fixtureIgnoredSIGTERM, .fixtureExitUnproven, .fixtureLedger, .foreignRequests,
            .originPathsMissing, .testsDidNotBuild,
            .leak, .outputLeak, .dirtyTree, .treeChangedDuringRun, .foreignOutput, .ciChannelWritten, .signingKeyMissing, .shardRejected:
            .change
        case .commitStamp, .toolchainStamp, .signingKeyUnusable, .fixtureNotReady, .isolationUnavailable, .suiteDidNotRun, .suiteTimedOut,
            .scanUnreadable,
            .templatesUnusable, .signingFailed, .shardMissing, .shardUnverified, .shardDuplicated, .shardUnnamed, .shardUnexpected,
            .shardCommitMismatch, .shardConfigurationMismatch, .shardIncomplete:
            .infrastructure
        case .interrupted:
            .interrupted
        }
    }
}

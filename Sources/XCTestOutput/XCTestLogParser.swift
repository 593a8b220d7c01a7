//===----------------------------------------------------------------------===//
// XCTestLogParser.swift: test console output, line by line, into test events and results.
//===----------------------------------------------------------------------===//

/// Reads test console output one line at a time, as it arrives, into ``TestEvent``s and a final
/// list of ``TestResult``s. It never needs the whole log and never traps on any input.
///
/// Understood formats (ANSI escape sequences are removed first):
/// - Linux XCTest: `Test Case 'C.t' started at …`, `… passed (0.012 seconds)`, failure lines
///   `/path/File.swift:42: error: C.t : message`, skip lines `… C.t : Test skipped - reason`, and
///   `Executed N tests, with … M failures …` (see ``summary``).
/// - macOS XCTest: `Test Case '-[Module.C t]' started.` / `passed (0.001 seconds).`.
/// - xcodebuild's per-test lines: `Test case 'C.t()' passed on 'Clone 1 of …' (0.010 seconds)`,
///   the only lines of a parallel run, and otherwise a second view of the console's results that
///   is joined to them (each test counts once; a failure only the list shows still fails it).
/// - Swift Testing: `◇ Test t() started.`, `✔ … passed after 0.001 seconds.`, `✘ … failed after …`,
///   `➜ Test t() skipped.` / `… skipped: "reason"`, and `recorded an issue` lines. Its lines do not
///   name the suite, so its tests are named by function (`t()`) or display name.
///
/// A result printed after the app's own output on the same line (the app did not end its line)
/// is read where the framework's exact shape begins, for a test that started (see `glued`).
///
/// A test that started and never finished counts as failed with ``crashMessage``: for XCTest,
/// which runs one case at a time, when the next case starts or at ``finish()``; for Swift
/// Testing, which runs cases in parallel, at ``finish()``.
///
/// ```swift
/// var parser = XCTestLogParser()
/// for line in log.split(separator: "\n") { _ = parser.consume(line: line) }
/// let results = parser.finish()
/// ```
package struct XCTestLogParser: Sendable {
    /// The message of a test that started and never finished.
    package static let crashMessage = "started but never finished (the test process crashed or was killed)"

    /// The most messages kept for one test; the rest are counted.
    static let maximumMessages = 20
    /// The most characters kept of one message.
    static let maximumMessageLength = 2000

    /// A test that has started and not yet finished.
    struct Running: Sendable {
        /// Its name.
        var name: TestName
        /// Failure messages seen so far.
        var messages: [String] = []
        /// Messages dropped beyond ``maximumMessages``.
        var dropped = 0
        /// Where the first failure with a location was.
        var location: SourceLocation?
        /// Start order, so crashed Swift Testing cases are reported in the order they started.
        var order: Int
        /// Which framework started it.
        var framework: TestFramework
        /// Which attempt this is: more than 1 when xcodebuild restarted the test process while
        /// it ran and it started again.
        var attempts = 1
        /// Earlier attempts that failed (crashed).
        var failedAttempts = 0
    }

    /// The XCTest case running now (XCTest runs one at a time).
    var currentXCTest: Running?
    /// Swift Testing cases running now, by name (the same name may run twice in different suites).
    var runningSwiftTests: [String: [Running]] = [:]
    /// The Swift Testing case the last issue line named, for `↳` continuation lines.
    var lastIssueName: String?
    /// A failure message whose compared value is still open (it printed a newline).
    var openValue: OpenValue?
    /// Messages seen for tests that finish without having started (xcodebuild parallel output).
    var orphanMessages: [String: [String]] = [:]
    /// The first failure location of each such test.
    var orphanLocations: [String: SourceLocation] = [:]
    /// Start counter for ``Running/order``.
    var starts = 0
    /// The class of the last `Test Suite 'X' started` line, for a formatter's lines, which name
    /// a case by its method alone.
    var formatterSuite: String?
    /// The xcodebuild closing block being printed, if any.
    var closingBlock: ClosingBlock?
    /// Swift Testing tests running when xcodebuild restarted the test process, with the attempts
    /// so far: the same test starting again is their next attempt, not another test.
    var restartedSwiftTests: [String: (attempts: Int, failed: Int)] = [:]

    /// Every result so far, in the order the tests finished.
    package internal(set) var results: [TestResult] = []

    /// What the log says about the run as a whole (totals, unread test-like lines).
    package internal(set) var facts = LogFacts()
    /// Tests `swift test --parallel` reported done; judged at ``finish()`` by the failure lines
    /// it prints at the end.
    var parallelDone: [TestName] = []
    /// Names whose earlier attempts an `(Iteration N of M)` start replaced, with how many ran.
    var retrying: [TestName: Int] = [:]
    /// Of those, how many earlier attempts failed, and the first failure's message.
    var failedBefore: [TestName: (count: Int, message: String?)] = [:]
    /// The most ``parallelDone`` entries kept.
    static let maximumParallelDone = 100_000
    /// Console lines that ended a test (one per attempt, crashes included), by ``viewKey(_:_:)``:
    /// the results xcodebuild's per-test list may print a second time.
    var consoleViews: [String: Int] = [:]
    /// The per-test list's lines joined to those so far, by the same key.
    var listJoins: [String: Int] = [:]

    /// The last `Executed N tests, with … M failures` line: tests run and failed assertions
    /// (XCTest counts each failed assertion, so `failures` can exceed the failed tests). `nil`
    /// when no such line was seen (Swift Testing prints none, and a crash prevents it).
    package var summary: (executed: Int, failures: Int)? {
        facts.xctestExecuted.map { ($0, facts.xctestFailures) }
    }

    /// A parser that has seen nothing.
    package init() {}

    /// Reads one line (with or without its line ending) and returns what it reported, if
    /// anything. When one line reports two things (the next XCTest case starts while the
    /// previous never finished), this returns the last (`.started`); ``consumeAll(line:)``
    /// returns both, and ``results`` holds the crashed case either way.
    package mutating func consume(line: Substring) -> TestEvent? {
        consumeAll(line: line).last
    }

    /// Reads one line and returns every event it reported, in order.
    package mutating func consumeAll(line: Substring) -> [TestEvent] {
        var cleaned = ConsoleText.clean(line)
        var raw = line
        if let rest = ConsoleText.withoutFormatterPrefix(cleaned) {
            cleaned = rest
            raw = rest
        }
        if readClosing(raw: raw, cleaned: cleaned) { return [] }
        // A line the frameworks did not start (the app under test printed without a newline) may
        // still end in one of their results: read only the shapes `glued` accepts.
        guard let parsed = LineReader.read(cleaned) ?? glued(cleaned) else {
            if openValue != nil, continueValue(cleaned) { return [] }
            if LineReader.looksLikeTestOutput(cleaned), !LineReader.isKnownQuiet(cleaned) {
                facts.unreadTestLines += 1
                if facts.unreadSamples.count < 5 { facts.unreadSamples.append(String(cleaned.prefix(200))) }
            }
            return []
        }
        if case .continuation = parsed {
        } else {
            lastIssueName = nil
        }
        openValue = nil
        switch parsed {
        case let .started(name, framework, iteration):
            return start(name, framework, iteration: iteration)
        case let .formatted(name, framework, status, duration, message):
            facts.formattedLines += 1
            var name = name
            if framework == .xctest, !name.name.contains("."), let suite = formatterSuite {
                name.name = "\(suite).\(name.name)"
            }
            return [.finished(end(name, framework, status: status, duration: duration, message: message))]
        case let .suiteStarted(suite):
            formatterSuite = suite
            return []
        case let .finished(name, framework, status, duration, message):
            return [.finished(end(name, framework, status: status, duration: duration, message: message))]
        case let .listed(name, framework, status, duration):
            let join = joinListed(name, framework, status: status)
            if join.joined { return join.changed.map { [.finished($0)] } ?? [] }
            return [.finished(end(name, framework, status: status, duration: duration, message: nil, listed: true))]
        case let .detail(name, framework, message, location):
            note(message, location: location, for: name, framework)
            followValue(of: message, name: name.name, framework)
            return []
        case let .continuation(text):
            if let issue = lastIssueName, var cases = runningSwiftTests[issue], var last = cases.popLast() {
                if let previous = last.messages.popLast() {
                    last.messages.append(Self.clipped(previous + " " + text))
                }
                cases.append(last)
                runningSwiftTests[issue] = cases
                lastIssueName = issue
            }
            return []
        case let .summary(executed, failures):
            facts.xctestExecuted = executed
            facts.xctestFailures = failures
            return []
        case let .parallelDone(name):
            if parallelDone.count < Self.maximumParallelDone { parallelDone.append(name) }
            return []
        case let .restarted(name):
            facts.restarts += 1
            return restarted(name)
        case let .swiftTestingRun(failed):
            facts.swiftTestingRunFailed = failed
            return []
        case let .swiftTestingSuite(name, failed):
            if failed, facts.failedSwiftTestingSuites.count < 100 { facts.failedSwiftTestingSuites.append(name) }
            return []
        }
    }

    /// Ends the log: every test still running counts as failed with ``crashMessage``.
    ///
    /// - Returns: every result, in the order the tests finished (crashed ones last).
    package mutating func finish() -> [TestResult] {
        if let current = currentXCTest {
            results.append(Self.crashed(current))
            currentXCTest = nil
        }
        let unfinished = runningSwiftTests.values.flatMap { $0 }.sorted { $0.order < $1.order }
        results += unfinished.map(Self.crashed)
        runningSwiftTests = [:]
        finishParallel()
        applyFailingTests()
        return results
    }
}

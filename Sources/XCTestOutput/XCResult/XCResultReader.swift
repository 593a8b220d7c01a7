//===----------------------------------------------------------------------===//
// XCResultReader.swift: Xcode 16's `xcresulttool get test-results tests` JSON → test results.
//===----------------------------------------------------------------------===//

import GateCore

/// Reads the test results of an Xcode result bundle, as Xcode 16's
/// `xcrun xcresulttool get test-results tests --path R.xcresult --format json` prints them, into the
/// same ``TestResult``s (and ``TestEvent``s) the console parser yields.
///
/// The JSON is a tree: `{"testNodes": [...], "devices": [...], "testPlanConfigurations": [...]}`,
/// each node `{"nodeType", "name", "nodeIdentifier"?, "result"?, "duration"?, "durationInSeconds"?,
/// "children"?}`. Node types seen: `Test Plan`, `Unit test bundle`, `UI test bundle`, `Test Suite`,
/// `Test Case`, `Device`, `Test Plan Configuration`, `Arguments`, `Repetition`, `Test Case Run`,
/// `Failure Message`, `Source Code Reference`, `Attachment`, `Expression`, `Test Value`; results
/// `Passed`, `Failed`, `Skipped`, `Expected Failure`, `unknown`.
///
/// Each `Test Case` is one result:
/// - its name is normalised as the console's are: `nodeIdentifier` `Suite/testMethod()` (or
///   `Outer/Inner/f(x:)`) becomes `Suite.testMethod` (`Inner.f(x:)`), the module is the enclosing
///   test bundle's name;
/// - retries (`Repetition` / `Test Case Run` children): the last attempt decides, and
///   ``TestResult/attempts`` counts them; a test that passed only on a retry says so in its message;
/// - parameterised tests (`Arguments` children): failed if any argument's last attempt failed,
///   skipped if every one was skipped, else passed;
/// - `Expected Failure` (XCTExpectFailure, `withKnownIssue`) passes, with the expected failure's
///   message kept;
/// - a crash (a failure message saying the test crashed, or the runner exited early) fails, its
///   message starting with `crashed: `;
/// - a result that is missing or `unknown` fails: the bundle cannot vouch for it.
///
/// The same test run on several devices or test-plan configurations is one result: the worst
/// status wins and each message names where it happened. `duration` strings are localised
/// (`0,75s`), so `durationInSeconds` is preferred.
package enum XCResultReader {
    /// Phrases with which Xcode reports a test whose process died.
    static let crashPhrases = [
        "crashed with signal", "Crash: ", "Test crashed", "Early unexpected exit", "exited unexpectedly",
        "Restarting after unexpected exit", "lost connection to the test runner",
    ]

    /// How xcresulttool's output is read: its trees are a dozen levels deep, and a large
    /// project's results run to tens of megabytes.
    static let jsonLimits = JSONReader.Limits(maximumDepth: 256, maximumBytes: 1 << 28)

    /// The results in `json`, in the order the tree lists them.
    /// - Throws: ``XCResultError`` when `json` is not JSON or not a test-results tree.
    package static func read(json: [UInt8]) throws(XCResultError) -> [TestResult] {
        let root: JSONValue
        do throws(JSONReadError) {
            root = try JSONReader.read(json, limits: jsonLimits)
        } catch {
            throw .malformedJSON(offset: error.offset, reason: error.path.isEmpty ? error.message : "\(error.message) at \(error.path)")
        }
        guard case .object = root else {
            throw .notTestResults("the top level is not an object")
        }
        guard let nodes = root["testNodes"]?.array else {
            if root["_type"] != nil || root["actions"] != nil {
                throw .notTestResults("this is the legacy format ('--legacy'); drop that flag")
            }
            if root["totalTestCount"] != nil {
                throw .notTestResults("this is 'get test-results summary'; use 'get test-results tests'")
            }
            throw .notTestResults("it has no 'testNodes' array")
        }
        var collector = Collector()
        for node in nodes {
            collector.visit(node, context: Context())
        }
        return collector.results()
    }

    /// The results of ``read(json:)`` as finished-test events, for the same progress display the
    /// console gives.
    /// - Throws: ``XCResultError`` when `json` is not JSON or not a test-results tree.
    package static func events(json: [UInt8]) throws(XCResultError) -> [TestEvent] {
        try read(json: json).map { .finished($0) }
    }

    // MARK: - Walking the tree

    /// Where a node sits: the bundle (module), the suites, and the device or configuration.
    struct Context {
        var module: String?
        var suites: [String] = []
        var place: [String] = []
    }

    /// Gathers one result per test, merging the same test seen in several places.
    struct Collector {
        var order: [String] = []
        var byKey: [String: TestResult] = [:]

        mutating func visit(_ node: JSONValue, context: Context) {
            let type = node["nodeType"]?.string ?? ""
            let name = node["name"]?.string ?? ""
            var context = context
            switch type {
            case "Test Case":
                add(XCResultReader.result(of: node, context: context), place: context.place)
                return
            case "Unit test bundle", "UI test bundle":
                context.module = name.isEmpty ? context.module : name
            case "Test Suite":
                if !name.isEmpty { context.suites.append(name) }
            case "Device", "Test Plan Configuration":
                if !name.isEmpty { context.place.append(name) }
            default:
                break
            }
            for child in node["children"]?.array ?? [] {
                visit(child, context: context)
            }
        }

        mutating func add(_ result: TestResult, place: [String]) {
            var result = result
            if !place.isEmpty, let message = result.message {
                result.message = "[\(place.joined(separator: ", "))] " + message
            }
            let key = (result.module ?? "") + "\u{0}" + result.name
            guard let earlier = byKey[key] else {
                order.append(key)
                byKey[key] = result
                return
            }
            byKey[key] = XCResultReader.merge(earlier, result)
        }

        func results() -> [TestResult] {
            order.compactMap { byKey[$0] }
        }
    }

    // MARK: - One test case

    /// The outcome of one run of a test: one argument of a parameterised test, or the test itself.
    struct Outcome {
        var status: TestStatus
        var messages: [String]
        var attempts: Int
        /// Attempts before the last that failed.
        var failedAttempts = 0
    }

    static func result(of node: JSONValue, context: Context) -> TestResult {
        let name = testName(node, suites: context.suites)
        let children = node["children"]?.array ?? []
        let arguments = children.filter { $0["nodeType"]?.string == "Arguments" }
        let caseResult = node["result"]?.string
        let outcomes: [Outcome]
        if arguments.isEmpty {
            outcomes = [outcome(of: node, inherited: caseResult)]
        } else {
            outcomes = arguments.map { argument in
                var outcome = outcome(of: argument, inherited: caseResult)
                let label = argument["name"]?.string ?? ""
                if !label.isEmpty {
                    outcome.messages = outcome.messages.map { "(\(label)) " + $0 }
                }
                return outcome
            }
        }
        let status: TestStatus
        if outcomes.contains(where: { $0.status == .failed }) {
            status = .failed
        } else if !outcomes.isEmpty && outcomes.allSatisfy({ $0.status == .skipped }) {
            status = .skipped
        } else {
            status = .passed
        }
        let messages = outcomes.flatMap(\.messages)
        // A Swift Testing display name is the node's name where the identifier names the function.
        let label = node["name"]?.string ?? ""
        let function = name.split(separator: ".").last.map(String.init) ?? name
        let displayName = label.isEmpty || label == function || label == function + "()" || label.hasPrefix(function + "(") ? nil : label
        return TestResult(
            name: name, module: context.module, status: status, durationSeconds: duration(of: node),
            message: joined(messages), attempts: outcomes.map(\.attempts).max() ?? 1, displayName: displayName,
            failedAttempts: outcomes.map(\.failedAttempts).max() ?? 0)
    }

    /// The outcome of `node` (a test case or one of its arguments): its last attempt's result
    /// when it was retried, else its own (or `inherited`, the test case's).
    static func outcome(of node: JSONValue, inherited: String?) -> Outcome {
        let children = node["children"]?.array ?? []
        let attempts = children.filter {
            let type = $0["nodeType"]?.string
            return type == "Repetition" || type == "Test Case Run"
        }
        let direct = failureMessages(node)
        guard let last = attempts.last else {
            return classify(node["result"]?.string ?? inherited, messages: direct, attempts: 1)
        }
        var outcome = classify(last["result"]?.string, messages: failureMessages(last) + direct, attempts: attempts.count)
        let earlierFailures = attempts.dropLast().filter { $0["result"]?.string == "Failed" }
        outcome.failedAttempts = earlierFailures.count
        if outcome.status == .passed, !earlierFailures.isEmpty {
            let first = earlierFailures.first.flatMap { failureMessages($0).first }
            outcome.messages.insert(
                "passed on attempt \(attempts.count) of \(attempts.count) after \(earlierFailures.count) failed"
                    + (first.map { ": " + $0 } ?? ""), at: 0)
        }
        return outcome
    }

    /// Maps xcresult's result word (and the messages) to a status.
    static func classify(_ result: String?, messages: [String], attempts: Int) -> Outcome {
        let crash = messages.first { message in crashPhrases.contains { message.contains($0) } }
        switch result {
        case "Passed":
            return Outcome(status: .passed, messages: messages, attempts: attempts)
        case "Skipped":
            return Outcome(status: .skipped, messages: messages, attempts: attempts)
        case "Expected Failure":
            let text = messages.isEmpty ? ["expected failure"] : messages.map { "expected failure: " + $0 }
            return Outcome(status: .passed, messages: text, attempts: attempts)
        case "Failed":
            if let crash {
                return Outcome(
                    status: .failed, messages: ["crashed: " + crash] + messages.filter { $0 != crash }, attempts: attempts)
            }
            return Outcome(status: .failed, messages: messages, attempts: attempts)
        default:
            let word = result.map { "'\($0)'" } ?? "no result"
            let reason = crash.map { "crashed: " + $0 } ?? "the result bundle gave \(word) for this test"
            return Outcome(
                status: .failed, messages: [reason] + messages.filter { $0 != crash }, attempts: attempts)
        }
    }

    /// The texts of a node's `Failure Message` children.
    static func failureMessages(_ node: JSONValue) -> [String] {
        (node["children"]?.array ?? []).compactMap { child in
            child["nodeType"]?.string == "Failure Message" ? child["name"]?.string : nil
        }
    }

    /// `Suite.method` from `nodeIdentifier` (`Suite/method()`), or from the enclosing suite and the
    /// node's name when there is no identifier.
    static func testName(_ node: JSONValue, suites: [String]) -> String {
        var parts: [Substring] = []
        if let identifier = node["nodeIdentifier"]?.string, !identifier.isEmpty {
            parts = identifier.split(separator: "/", omittingEmptySubsequences: true)
        }
        if parts.isEmpty {
            let name = node["name"]?.string ?? ""
            parts = (suites.last.map { [Substring($0)] } ?? []) + [Substring(name)]
        }
        guard let method = parts.last else { return "" }
        let owner = parts.dropLast().last
        let trimmed = method.hasSuffix("()") && method.count > 2 ? method.dropLast(2) : method
        guard let owner, !owner.isEmpty else { return String(trimmed) }
        return "\(owner).\(trimmed)"
    }

    /// Seconds from `durationInSeconds`, else from the localised `duration` text (`0,011s`, `1m 5s`).
    static func duration(of node: JSONValue) -> Double? {
        if let seconds = node["durationInSeconds"]?.number, seconds >= 0 {
            return seconds
        }
        guard let text = node["duration"]?.string else { return nil }
        var total = 0.0
        var found = false
        for part in text.split(separator: " ") {
            let normalised = part.replacing(",", with: ".")
            if normalised.hasSuffix("ms"), let value = Double(normalised.dropLast(2)) {
                total += value / 1000
            } else if normalised.hasSuffix("m"), let value = Double(normalised.dropLast()) {
                total += value * 60
            } else if normalised.hasSuffix("s"), let value = Double(normalised.dropLast()) {
                total += value
            } else {
                return nil
            }
            found = true
        }
        return found && total.isFinite ? total : nil
    }

    /// The same test from two places: the worse status, both sets of messages, the most attempts.
    static func merge(_ first: TestResult, _ second: TestResult) -> TestResult {
        func rank(_ status: TestStatus) -> Int {
            switch status {
            case .failed: return 2
            case .passed: return 1
            case .skipped: return 0
            }
        }
        var merged = rank(second.status) > rank(first.status) ? second : first
        merged.message = joined([first.message, second.message].compactMap { $0 })
        merged.attempts = max(first.attempts, second.attempts)
        if let one = first.durationSeconds, let two = second.durationSeconds {
            merged.durationSeconds = one + two
        }
        return merged
    }

    /// Messages one per line, at most ``XCTestLogParser/maximumMessages`` of them, each clipped.
    static func joined(_ messages: [String]) -> String? {
        guard !messages.isEmpty else { return nil }
        let limit = XCTestLogParser.maximumMessages
        var kept = messages.prefix(limit).map { String($0.prefix(XCTestLogParser.maximumMessageLength)) }
        if messages.count > limit {
            kept.append("(\(messages.count - limit) more messages)")
        }
        return kept.joined(separator: "\n")
    }
}

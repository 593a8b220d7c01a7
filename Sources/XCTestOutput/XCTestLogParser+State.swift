//===----------------------------------------------------------------------===//
// XCTestLogParser+State.swift: starting, ending and annotating running tests.
//===----------------------------------------------------------------------===//

import GateCore

extension XCTestLogParser {
    /// Records a start; an XCTest case still running is crashed first. A start that says
    /// `(Iteration 2 of 3)` replaces the test's earlier attempt: the last attempt decides.
    mutating func start(_ name: TestName, _ framework: LogLine.Framework, iteration: Int? = nil) -> [TestEvent] {
        starts += 1
        let running = Running(name: name, order: starts, framework: framework.testFramework)
        switch framework {
        case .xctest:
            facts.xctestStarts += 1
            var events: [TestEvent] = []
            if let previous = currentXCTest {
                let crashed = Self.crashed(previous)
                results.append(crashed)
                countConsoleView(crashed)
                facts.xctestResults += 1
                events.append(.finished(crashed))
            }
            if let iteration, iteration > 1,
                let earlier = results.lastIndex(where: { $0.name == name.name && $0.framework == .xctest && $0.module == name.module })
            {
                let replaced = results.remove(at: earlier)
                facts.xctestResults -= 1
                retrying[name] = replaced.attempts + 1
                if replaced.status == .failed || replaced.failedAttempts > 0 {
                    let before = failedBefore[name]
                    let count = (before?.count ?? 0) + replaced.failedAttempts + (replaced.status == .failed ? 1 : 0)
                    failedBefore[name] = (count, before?.message ?? replaced.message)
                }
            }
            currentXCTest = running
            events.append(.started(name.name))
            return events
        case .swiftTesting:
            facts.swiftTestingStarts += 1
            var running = running
            if let restarted = restartedSwiftTests.removeValue(forKey: name.name),
                let earlier = results.lastIndex(where: { $0.name == name.name && $0.framework == .swiftTesting })
            {
                results.remove(at: earlier)
                running.attempts = restarted.attempts + 1
                // The attempt a restart ended crashed: a failure.
                running.failedAttempts = restarted.failed + 1
            }
            runningSwiftTests[name.name, default: []].append(running)
            return [.started(name.name)]
        }
    }

    /// Fails the test a `Restarting after unexpected exit` line names, or the ones running.
    mutating func restarted(_ name: TestName?) -> [TestEvent] {
        let message = "the test process ended in this test (xcodebuild restarted after an unexpected exit, crash or timeout)"
        // Swift Testing's cases: the named one (`Suite/function()` or `Suite.function()`), or
        // every one running when the line names none.
        let function = name.map { name in (name.name.split(separator: ".").last.map(String.init) ?? name.name) + "()" }
        let swiftTesting = function.map { runningSwiftTests[$0] == nil ? [] : [$0] } ?? Array(runningSwiftTests.keys.sorted())
        if currentXCTest == nil || name == nil, !swiftTesting.isEmpty {
            var events: [TestEvent] = []
            for key in swiftTesting {
                for running in runningSwiftTests.removeValue(forKey: key) ?? [] {
                    var result = Self.crashed(running)
                    result.message = ([message] + running.messages).joined(separator: "\n")
                    results.append(result)
                    countConsoleView(result)
                    restartedSwiftTests[key] = (running.attempts, running.failedAttempts)
                    events.append(.finished(result))
                }
            }
            if currentXCTest == nil { return events }
        }
        if let current = currentXCTest, name == nil || current.name.name == name?.name {
            currentXCTest = nil
            var result = Self.crashed(current)
            result.message = ([message] + current.messages).joined(separator: "\n")
            results.append(result)
            countConsoleView(result)
            facts.xctestResults += 1
            return [.finished(result)]
        }
        guard let name else { return [] }
        let result = TestResult(name: name.name, module: name.module, status: .failed, message: message, framework: .xctest)
        results.append(result)
        countConsoleView(result)
        facts.xctestResults += 1
        return [.finished(result)]
    }

    /// Judges the tests `swift test --parallel` reported done and no other line finished: failed
    /// when a failure line named them, passed otherwise.
    mutating func finishParallel() {
        guard !parallelDone.isEmpty else { return }
        let finished = Set(results.filter { $0.framework == .xctest }.map(\.name))
        var seen: Set<TestName> = []
        for name in parallelDone where !finished.contains(name.name) && seen.insert(name).inserted {
            let messages = orphanMessages.removeValue(forKey: name.name)
            let location = orphanLocations.removeValue(forKey: name.name)
            results.append(
                TestResult(
                    name: name.name, module: name.module, status: messages == nil ? .passed : .failed,
                    message: messages?.joined(separator: "\n"), location: messages == nil ? nil : location, framework: .xctest))
            facts.xctestResults += 1
        }
        parallelDone = []
    }

    /// Records an end, with the messages collected since the test started; `listed` when the line
    /// was xcodebuild's per-test line (a result the per-test list itself may not print again).
    mutating func end(
        _ name: TestName, _ framework: LogLine.Framework, status: TestStatus, duration: Double?, message: String?, listed: Bool = false
    ) -> TestResult {
        var running: Running?
        switch framework {
        case .xctest:
            if let current = currentXCTest, current.name.name == name.name {
                running = current
                currentXCTest = nil
            }
        case .swiftTesting:
            if var cases = runningSwiftTests[name.name], !cases.isEmpty {
                // Two suites' `fields()` running at once read the same: a failure ends the one its
                // issue lines went to, a pass one without issues, so a message stays with its failure.
                let pick =
                    cases.firstIndex { status == .failed ? !$0.messages.isEmpty : $0.messages.isEmpty && $0.dropped == 0 }
                    ?? cases.startIndex
                running = cases.remove(at: pick)
                runningSwiftTests[name.name] = cases.isEmpty ? nil : cases
            }
        }
        var messages = running?.messages ?? orphanMessages.removeValue(forKey: name.name) ?? []
        if let message, !message.isEmpty {
            messages.append(Self.clipped(message))
        }
        let dropped = running?.dropped ?? 0
        if dropped > 0 {
            messages.append("… and \(dropped) more")
        }
        let location = running?.location ?? orphanLocations.removeValue(forKey: name.name)
        let retried = retrying.removeValue(forKey: name) ?? 1
        let attempts = max(retried, running?.attempts ?? 1)
        let before = failedBefore.removeValue(forKey: name)
        let failedAttempts = (before?.count ?? 0) + (running?.failedAttempts ?? 0)
        // A pass after a failed attempt keeps what the failure said: the flaky test's evidence.
        if status == .passed, failedAttempts > 0 {
            let first = before?.message?.split(separator: "\n").first.map { ": " + $0 } ?? ""
            messages.insert("passed on attempt \(attempts) of \(attempts) after \(failedAttempts) failed" + first, at: 0)
        }
        let result = TestResult(
            name: name.name, module: name.module ?? running?.name.module, status: status, durationSeconds: duration,
            message: messages.isEmpty ? nil : messages.joined(separator: "\n"), location: status == .failed ? location : nil,
            framework: framework.testFramework, attempts: attempts, failedAttempts: failedAttempts)
        results.append(result)
        if !listed { countConsoleView(result) }
        if framework == .xctest { facts.xctestResults += 1 }
        return result
    }

    /// Adds a failure or skip message to the running test it names.
    mutating func note(_ message: String, location: SourceLocation?, for name: TestName, _ framework: LogLine.Framework) {
        switch framework {
        case .xctest:
            if var current = currentXCTest, current.name.name == name.name {
                Self.add(message, to: &current)
                if current.location == nil { current.location = location }
                currentXCTest = current
            } else if currentXCTest == nil {
                // xcodebuild parallel output has no start lines: keep it for the end line.
                var messages = orphanMessages[name.name] ?? []
                guard orphanMessages.count < 1000, messages.count < Self.maximumMessages else { return }
                messages.append(Self.clipped(message))
                orphanMessages[name.name] = messages
                if let location, orphanLocations[name.name] == nil { orphanLocations[name.name] = location }
            }
        case .swiftTesting:
            guard var cases = runningSwiftTests[name.name], var last = cases.popLast() else { return }
            Self.add(message, to: &last)
            cases.append(last)
            runningSwiftTests[name.name] = cases
            lastIssueName = name.name
        }
    }

    /// Appends `message` unless the test already has ``maximumMessages``.
    static func add(_ message: String, to running: inout Running) {
        if running.messages.count < maximumMessages {
            running.messages.append(clipped(message))
        } else {
            running.dropped += 1
        }
    }

    /// `message` cut to ``maximumMessageLength`` characters.
    static func clipped(_ message: String) -> String {
        TextClip.clip(message, to: maximumMessageLength)
    }

    /// The failed result of a test that never finished.
    static func crashed(_ running: Running) -> TestResult {
        TestResult(
            name: running.name.name, module: running.name.module, status: .failed, durationSeconds: nil,
            message: ([crashMessage] + running.messages).joined(separator: "\n"), location: running.location,
            framework: running.framework, attempts: running.attempts, failedAttempts: running.failedAttempts)
    }
}

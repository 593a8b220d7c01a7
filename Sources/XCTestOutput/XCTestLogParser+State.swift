//===----------------------------------------------------------------------===//
// XCTestLogParser+State.swift: starting, ending and annotating running tests.
//===----------------------------------------------------------------------===//

extension XCTestLogParser {
    /// Records a start; an XCTest case still running is crashed first.
    mutating func start(_ name: TestName, _ framework: LogLine.Framework) -> [TestEvent] {
        starts += 1
        let running = Running(name: name, order: starts)
        switch framework {
        case .xctest:
            var events: [TestEvent] = []
            if let previous = currentXCTest {
                let crashed = Self.crashed(previous)
                results.append(crashed)
                events.append(.finished(crashed))
            }
            currentXCTest = running
            events.append(.started(name.name))
            return events
        case .swiftTesting:
            runningSwiftTests[name.name, default: []].append(running)
            return [.started(name.name)]
        }
    }

    /// Records an end, with the messages collected since the test started.
    mutating func end(
        _ name: TestName, _ framework: LogLine.Framework, status: TestStatus, duration: Double?, message: String?
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
                running = cases.removeFirst()
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
        let result = TestResult(
            name: name.name, module: name.module ?? running?.name.module, status: status, durationSeconds: duration,
            message: messages.isEmpty ? nil : messages.joined(separator: "\n"), location: status == .failed ? location : nil)
        results.append(result)
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
        message.count > maximumMessageLength ? String(message.prefix(maximumMessageLength)) + "…" : message
    }

    /// The failed result of a test that never finished.
    static func crashed(_ running: Running) -> TestResult {
        TestResult(
            name: running.name.name, module: running.name.module, status: .failed, durationSeconds: nil,
            message: ([crashMessage] + running.messages).joined(separator: "\n"), location: running.location)
    }
}

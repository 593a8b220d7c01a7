//===----------------------------------------------------------------------===//
// XCTestLogParser+Views.swift: xcodebuild's per-test list joined to the console's results.
//===----------------------------------------------------------------------===//

extension XCTestLogParser {
    /// The key of a test's views: its framework and normalised name. The module is left out, as
    /// the list's `Test case 'C.t()' …` names none where the console's `-[M.C t]` does.
    static func viewKey(_ name: String, _ framework: TestFramework) -> String {
        "\(framework.rawValue) \(name)"
    }

    /// Counts `result` as one the console printed, which xcodebuild's per-test list may print again.
    mutating func countConsoleView(_ result: TestResult) {
        consoleViews[Self.viewKey(result.name, result.framework), default: 0] += 1
    }

    /// Joins xcodebuild's per-test line (`Test case 'C.t()' passed on 'My Mac - …' (…)`) to the
    /// console's result of the same test, when the console printed one not yet joined: the list is
    /// a second view of the same run (xcodebuild prints it after the console's lines), so the test
    /// counts once. A failure only the list shows fails the test, as `Failing tests:` does; a pass
    /// in the list never clears a failure, nor a failed attempt the console saw (a retried test's
    /// list names each attempt). `joined` is false when the line is the test's only view (a
    /// parallel run, or a test the console never printed): it is then a result of its own.
    ///
    /// - Returns: whether the line was joined, and the result it turned failed, if any.
    mutating func joinListed(_ name: TestName, _ framework: LogLine.Framework, status: TestStatus) -> (joined: Bool, changed: TestResult?) {
        // A test the console started and has not ended is ended by this line, as it always was.
        switch framework {
        case .xctest:
            if currentXCTest?.name.name == name.name { return (false, nil) }
        case .swiftTesting:
            if runningSwiftTests[name.name] != nil { return (false, nil) }
        }
        let key = Self.viewKey(name.name, framework.testFramework)
        let joined = listJoins[key, default: 0]
        guard consoleViews[key, default: 0] > joined else { return (false, nil) }
        listJoins[key] = joined + 1
        guard status == .failed else { return (true, nil) }
        let matching = results.indices.filter { results[$0].name == name.name && results[$0].framework == framework.testFramework }
        guard !matching.contains(where: { results[$0].status == .failed || results[$0].failedAttempts > 0 }),
            let last = matching.last
        else { return (true, nil) }
        let message = "xcodebuild's per-test list says it failed"
        results[last].status = .failed
        results[last].message = [message, results[last].message].compactMap { $0 }.joined(separator: "\n")
        return (true, results[last])
    }
}

//===----------------------------------------------------------------------===//
// RunnerTestSelection.swift: a list of tests as the suite's own runner is told to run only them.
//===----------------------------------------------------------------------===//

import GatePublishing

/// Some tests, as a suite's runner is told to run only them (a shard of a plan, and later the
/// failed tests of a retry): `swift test` gets `--filter` with ``ShardTestFilter``'s anchored
/// regular expression; `xcodebuild test` gets `-only-testing:Target/Class/method` per test (per
/// class when the granularity is per class); any other runner gets the names, one a line, in the
/// file named by ``testsFileVariable``.
///
/// With ``skipping``, the runner runs every test except those (`swift test --filter` as a negative
/// look-ahead, `xcodebuild -skip-testing:`), so tests no list names still run; a runner the gate
/// does not know gets ``tests`` in the file either way.
package struct RunnerTestSelection: Equatable, Sendable {
    /// How a suite's command is told which tests to run.
    package enum Runner: String, Equatable, Sendable {
        /// `swift test` (``SwiftTestInvocation``).
        case swiftTest = "swift test"
        /// `xcodebuild test` or `test-without-building`.
        case xcodebuild
        /// Anything else: the names are handed over in a file.
        case other
    }

    /// A command with the selection applied.
    package struct Applied: Equatable, Sendable {
        /// The runner the command was read as.
        package var runner: Runner
        /// The command's arguments with the runner's filter appended.
        package var arguments: [String]
        /// Variables to add to the suite's environment (``testsFileVariable`` for another runner).
        package var environment: [String: String]
        /// Names the runner's filter could not express (not `Class.method`, or a class whose test
        /// target `xcodebuild` needs and the plan does not know).
        package var unfilterable: [String]
    }

    /// The variable naming the file of test names a runner the gate does not know gets.
    package static let testsFileVariable = "ACCEPTANCE_GATE_TESTS_FILE"

    /// The tests to run, as `report.json` names them (`Class.method`).
    package var tests: [String]
    /// Per test or per class.
    package var granularity: PlanGranularity
    /// The test target of each class, for `xcodebuild`.
    package var modules: [String: String]
    /// When set, run every test except these instead of only ``tests``.
    package var skipping: [String]?

    /// Creates a selection.
    package init(tests: [String], granularity: PlanGranularity = .test, modules: [String: String] = [:], skipping: [String]? = nil) {
        self.tests = tests
        self.granularity = granularity
        self.modules = modules
        self.skipping = skipping
    }

    /// The runner `arguments` run.
    package static func runner(of arguments: [String]) -> Runner {
        if SwiftTestInvocation(arguments) != nil { return .swiftTest }
        if let index = arguments.firstIndex(where: { $0 == "xcodebuild" || $0.hasSuffix("/xcodebuild") }),
            arguments[(index + 1)...].contains(where: { $0 == "test" || $0 == "test-without-building" })
        {
            return .xcodebuild
        }
        return .other
    }

    /// The file's contents for a runner the gate does not know: each test once, sorted, one a line.
    package var testsFileBytes: [UInt8] {
        Array(Set(tests).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { $0 + "\n" }.joined().utf8)
    }

    /// `arguments` told to run the selection.
    ///
    /// - Parameter testsFile: the path of the file holding ``testsFileBytes``, for a runner the
    ///   gate does not know; without one such a runner gets no variable.
    package func applied(to arguments: [String], testsFile: String?) -> Applied {
        let runner = Self.runner(of: arguments)
        switch runner {
        case .swiftTest:
            let (pattern, unfilterable) = swiftTestPattern()
            return Applied(
                runner: runner, arguments: arguments + (pattern.map { ["--filter", $0] } ?? []), environment: [:],
                unfilterable: unfilterable)
        case .xcodebuild:
            let (options, unfilterable) = xcodebuildOptions()
            return Applied(runner: runner, arguments: arguments + options, environment: [:], unfilterable: unfilterable)
        case .other:
            return Applied(
                runner: runner, arguments: arguments, environment: testsFile.map { [Self.testsFileVariable: $0] } ?? [:], unfilterable: [])
        }
    }

    /// `swift test`'s `--filter` value; `nil` when nothing is to be filtered (skipping nothing).
    /// With nothing filterable to run, a pattern that matches no identifier, so the runner runs
    /// nothing rather than everything.
    private func swiftTestPattern() -> (String?, [String]) {
        if let skipping {
            let skipped = ShardTestFilter(tests: skipping, granularity: granularity)
            // Everything else runs, so this shard's own names need no expression.
            guard let pattern = skipped.pattern else { return (nil, []) }
            // `^(?!…)`: every identifier the other shards' expression does not match.
            return ("^(?!" + pattern.dropFirst() + ")", [])
        }
        let filter = ShardTestFilter(tests: tests, granularity: granularity)
        return (filter.pattern ?? "^$", filter.unfilterable)
    }

    /// `-only-testing:` (or `-skip-testing:`) options, one per test or class with a known target.
    private func xcodebuildOptions() -> ([String], [String]) {
        let option = skipping == nil ? "-only-testing:" : "-skip-testing:"
        var options: [String] = []
        var unfilterable: [String] = []
        var seen = Set<String>()
        for test in Set(skipping ?? tests).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let dot = test.firstIndex(of: "."), dot != test.startIndex, test.index(after: dot) != test.endIndex,
                let module = modules[String(test[..<dot])], !module.isEmpty
            else {
                unfilterable.append(test)
                continue
            }
            let owner = String(test[..<dot])
            let identifier =
                granularity == .class ? "\(module)/\(owner)" : "\(module)/\(owner)/\(test[test.index(after: dot)...])"
            if seen.insert(identifier).inserted { options.append(option + identifier) }
        }
        if skipping == nil && options.isEmpty {
            // Nothing could be named: a target no scheme has keeps xcodebuild from running everything.
            options.append("-only-testing:acceptance-gate-no-test")
        }
        return (options, skipping == nil ? unfilterable : [])
    }
}

//===----------------------------------------------------------------------===//
// RunnerTestSelectionTests.swift: some tests as each runner is told to run only them.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import Testing

@Suite("runner test selection")
struct RunnerTestSelectionTests {
    /// Identifiers as `swift test` matches `--filter` against them.
    private static let identifiers = [
        "LibTests.LoginTests/testA", "LibTests.LoginTests/testAB", "LibTests.LoginTests/testB", "LibTests.CartTests/testC",
        "LibTests.NewTests/testNew",
    ]

    /// The identifiers `pattern` selects, searched as `swift test --filter` searches them.
    private func selected(_ pattern: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return Self.identifiers.filter { regex.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
    }

    @Test("swift test: --filter with the anchored expression is appended; nothing else changes")
    func swiftTest() throws {
        let selection = RunnerTestSelection(tests: ["LoginTests.testA", "CartTests.testC"])
        let applied = selection.applied(to: ["swift", "test", "--skip-build"], testsFile: "/tmp/t.txt")
        #expect(applied.runner == .swiftTest)
        #expect(Array(applied.arguments.prefix(4)) == ["swift", "test", "--skip-build", "--filter"])
        #expect(try selected(try #require(applied.arguments.last)) == ["LibTests.LoginTests/testA", "LibTests.CartTests/testC"])
        #expect(applied.environment.isEmpty)
    }

    @Test("swift test, skipping: every identifier but the other shards' runs, new tests included")
    func swiftTestSkipping() throws {
        let selection = RunnerTestSelection(tests: ["LoginTests.testA"], skipping: ["LoginTests.testB", "CartTests.testC"])
        let applied = selection.applied(to: ["xcrun", "swift", "test"], testsFile: nil)
        #expect(
            try selected(try #require(applied.arguments.last)) == [
                "LibTests.LoginTests/testA", "LibTests.LoginTests/testAB", "LibTests.NewTests/testNew",
            ])
        // Nothing to skip (one shard): no filter at all.
        #expect(
            RunnerTestSelection(tests: ["A.b"], skipping: []).applied(to: ["swift", "test"], testsFile: nil).arguments == ["swift", "test"])
    }

    @Test("swift test: names that are not Class.method are unfilterable; with none left, a filter that runs nothing")
    func unfilterable() throws {
        let applied = RunnerTestSelection(tests: ["addition()"]).applied(to: ["swift", "test"], testsFile: nil)
        #expect(applied.unfilterable == ["addition()"])
        #expect(applied.arguments == ["swift", "test", "--filter", "^$"])
        #expect(try selected("^$").isEmpty)
    }

    @Test("xcodebuild: -only-testing:Target/Class/method per test, per class at class granularity; an unknown target is unfilterable")
    func xcodebuild() {
        let command = ["xcodebuild", "test", "-scheme", "App"]
        let modules = ["LoginTests": "AppTests"]
        let perTest = RunnerTestSelection(tests: ["LoginTests.testB", "LoginTests.testA", "CartTests.testC"], modules: modules)
            .applied(to: command, testsFile: nil)
        #expect(perTest.runner == .xcodebuild)
        #expect(perTest.arguments == command + ["-only-testing:AppTests/LoginTests/testA", "-only-testing:AppTests/LoginTests/testB"])
        #expect(perTest.unfilterable == ["CartTests.testC"])
        let perClass = RunnerTestSelection(tests: ["LoginTests.testA", "LoginTests.testB"], granularity: .class, modules: modules)
            .applied(to: ["/usr/bin/xcodebuild", "test-without-building"], testsFile: nil)
        #expect(perClass.arguments == ["/usr/bin/xcodebuild", "test-without-building", "-only-testing:AppTests/LoginTests"])
        let skipping = RunnerTestSelection(tests: ["LoginTests.testA"], modules: modules, skipping: ["LoginTests.testB"])
            .applied(to: command, testsFile: nil)
        #expect(skipping.arguments == command + ["-skip-testing:AppTests/LoginTests/testB"])
        // Nothing nameable: a target no scheme has, so xcodebuild does not run everything.
        let none = RunnerTestSelection(tests: ["CartTests.testC"]).applied(to: command, testsFile: nil)
        #expect(none.arguments == command + ["-only-testing:acceptance-gate-no-test"])
        // xcodebuild without a test action is another runner.
        #expect(RunnerTestSelection.runner(of: ["xcodebuild", "build"]) == .other)
    }

    @Test("another runner: the arguments stay, the file of names is named by ACCEPTANCE_GATE_TESTS_FILE")
    func other() {
        let selection = RunnerTestSelection(tests: ["B.two", "A.one", "B.two"])
        let applied = selection.applied(to: ["./run-tests.sh", "--ci"], testsFile: "/tmp/capture/shard-tests.txt")
        #expect(applied.runner == .other)
        #expect(applied.arguments == ["./run-tests.sh", "--ci"])
        #expect(applied.environment == [RunnerTestSelection.testsFileVariable: "/tmp/capture/shard-tests.txt"])
        #expect(String(decoding: selection.testsFileBytes, as: UTF8.self) == "A.one\nB.two\n")
        // `swift test list` is no test run.
        #expect(RunnerTestSelection.runner(of: ["swift", "test", "list"]) == .other)
    }
}

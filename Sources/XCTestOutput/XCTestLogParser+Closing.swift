//===----------------------------------------------------------------------===//
// XCTestLogParser+Closing.swift: xcodebuild's closing blocks, read as evidence of failure.
//===----------------------------------------------------------------------===//

import GateCore

extension XCTestLogParser {
    /// The block xcodebuild is printing: its indented lines belong to it.
    enum ClosingBlock: Sendable {
        /// `Testing failed:`: why testing failed (a runner that never started, a build error).
        case testingFailed
        /// `Failing tests:`: one failed test per line, under a target's name when there are several.
        case failingTests
    }

    /// The most closing lines kept for quoting.
    static let maximumClosingLines = 20
    /// The most `Failing tests:` names kept.
    static let maximumFailingTests = 1000

    /// xcodebuild's last words when testing or the build failed (a duration may follow them).
    private static let failureMarkers: [StaticString] = [
        "** TEST FAILED **", "** TEST EXECUTE FAILED **", "** BUILD FAILED **", "** TEST BUILD FAILED **",
    ]

    /// What xcodebuild says when a test target's runner never ran its tests: the target's tests
    /// are neither passed nor failed, only absent, so these lines are the only evidence.
    private static let runnerErrors: [StaticString] = [
        "Early unexpected exit, operation never finished bootstrapping", "Failed to background test runner",
        "Failed to install or launch the test runner", "Test runner failed to initialize for UI testing",
        "Timed out registering for testing event accessibility notifications",
    ]

    /// Reads `cleaned` as part of xcodebuild's closing blocks; `raw` tells an indented block line
    /// from the next unindented one. Returns whether the line was one (nothing else reads it).
    mutating func readClosing(raw: Substring, cleaned: Substring) -> Bool {
        if let block = closingBlock {
            if cleaned.isEmpty { return true }
            if ConsoleText.isIndented(raw) {
                quote(cleaned)
                if block == .failingTests, !cleaned.hasSuffix(":"), facts.failingTests.count < Self.maximumFailingTests {
                    facts.failingTests.append(String(cleaned))
                }
                return true
            }
            closingBlock = nil
        }
        if cleaned == "Testing failed:" || cleaned == "Failing tests:" {
            closingBlock = cleaned == "Failing tests:" ? .failingTests : .testingFailed
            quote(cleaned)
            return true
        }
        if cleaned.hasPrefix("** "), Self.failureMarkers.contains(where: { cleaned.hasPrefix($0.description) }) {
            quote(cleaned)
            return true
        }
        if cleaned.find("IDETestOperationsObserverErrorDomain") != nil,
            Self.runnerErrors.contains(where: { cleaned.find($0) != nil })
        {
            quote(cleaned)
            return true
        }
        return false
    }

    /// Keeps `line` for quoting, up to ``maximumClosingLines``.
    private mutating func quote(_ line: Substring) {
        guard facts.xcodebuildFailure.count < Self.maximumClosingLines else { return }
        facts.xcodebuildFailure.append(TextClip.clip(String(line), to: 300))
    }

    /// Fails every test xcodebuild's `Failing tests:` block names that no line failed: a failed
    /// result with that name joins the results, or a passed one of that name turns failed
    /// (xcodebuild's parallel runs print some failures only there).
    mutating func applyFailingTests() {
        // The block names a Swift Testing test by its function, its lines by its display name:
        // a failed display-named test no entry matches stands for one entry no result matches.
        var displayNamed = results.indices.filter {
            results[$0].framework == .swiftTesting && results[$0].status == .failed && !results[$0].name.hasSuffix(")")
        }
        let keys = facts.failingTests.map { Self.failingKey(Substring($0)) }
        displayNamed.removeAll { index in keys.contains { Self.matches(results[index], $0) } }
        for (listed, wanted) in zip(facts.failingTests, keys) {
            let matching = results.indices.filter { Self.matches(results[$0], wanted) }
            if matching.contains(where: { results[$0].status == .failed }) { continue }
            if matching.isEmpty, !displayNamed.isEmpty {
                displayNamed.removeFirst()
                continue
            }
            let message = "xcodebuild listed it under 'Failing tests:'"
            if let last = matching.last {
                results[last].status = .failed
                results[last].message = [message, results[last].message].compactMap { $0 }.joined(separator: "\n")
                continue
            }
            // `Class.method()` is XCTest's spelling; a bare `f()` or `f(x:)` is Swift Testing's.
            let owner = wanted.owner.flatMap { wanted.method.contains("(") ? nil : $0 }
            let name = owner.map { "\($0).\(wanted.method)" } ?? (wanted.owner == nil ? listed : String(wanted.method))
            let isXCTest = owner != nil
            results.append(TestResult(name: name, status: .failed, message: message, framework: isXCTest ? .xctest : .swiftTesting))
            if isXCTest { facts.xctestResults += 1 }
        }
    }

    /// `TestingTestTests.testFailure()` → (`TestingTestTests`, `testFailure`);
    /// `-[Tests testExample()]` → (`Tests`, `testExample`); `check(value:)` → (`nil`, `check(value:)`).
    static func failingKey(_ raw: Substring) -> (owner: Substring?, method: Substring) {
        var text = raw
        if text.hasPrefix("-["), text.hasSuffix("]"), text.count > 3 {
            text = text.dropFirst(2).dropLast()
            if let space = text.firstIndex(of: " ") {
                return (text[..<space], withoutEmptyCall(text[text.index(after: space)...]))
            }
        }
        let head = text.firstIndex(of: "(").map { text[..<$0] } ?? text
        if let dot = head.lastIndex(of: "."), dot != head.startIndex {
            return (text[..<dot], withoutEmptyCall(text[text.index(after: dot)...]))
        }
        return (nil, withoutEmptyCall(text))
    }

    /// Whether `result` is the test `wanted` names: the same method, and the same class when
    /// both say one (Swift Testing results carry none).
    private static func matches(_ result: TestResult, _ wanted: (owner: Substring?, method: Substring)) -> Bool {
        let name = Substring(result.name)
        let key: (owner: Substring?, method: Substring) = result.framework == .xctest ? failingKey(name) : (nil, withoutEmptyCall(name))
        guard key.method == wanted.method else { return false }
        guard let owner = wanted.owner, let resultOwner = key.owner else { return true }
        return resultOwner == owner || resultOwner.hasSuffix("." + owner) || owner.hasSuffix("." + resultOwner)
    }

    /// `method` without a trailing `()`.
    private static func withoutEmptyCall(_ method: Substring) -> Substring {
        method.hasSuffix("()") && method.count > 2 ? method.dropLast(2) : method
    }
}

//===----------------------------------------------------------------------===//
// XCResultReaderTests.swift: Xcode 16's xcresult test-results JSON into test results.
//===----------------------------------------------------------------------===//

import Testing

@testable import XCTestOutput

@Suite("xcresult test results")
struct XCResultReaderTests {
    static func read(_ text: String) throws(XCResultError) -> [TestResult] {
        try XCResultReader.read(json: Array(text.utf8))
    }

    static func named(_ results: [TestResult], _ name: String) throws -> TestResult {
        try #require(results.first { $0.name == name }, "no result named \(name) in \(results.map(\.name))")
    }

    @Test("every Test Case becomes one result, named as the console names it, in tree order")
    func namesAndOrder() throws {
        let results = try Self.read(XCResultLogs.mixed)
        #expect(
            results.map(\.name) == [
                "RedirectBoundaryTests.testSameOriginRedirectSucceeds", "RedirectBoundaryTests.testDifferentPortRedirectStops",
                "RedirectBoundaryTests.testForeignListenerSeesNothing", "RedirectBoundaryTests.testFlakyTimeout",
                "RedirectBoundaryTests.testAlwaysFails", "RedirectBoundaryTests.testKnownHeaderBug",
                "RedirectBoundaryTests.testDecodesHugeFrame", "RedirectBoundaryTests.testNeverReported",
            ])
        #expect(results.allSatisfy { $0.module == "MyAppTests" })
    }

    @Test("a pass keeps its duration from durationInSeconds")
    func passed() throws {
        let result = try Self.named(try Self.read(XCResultLogs.mixed), "RedirectBoundaryTests.testSameOriginRedirectSucceeds")
        #expect(
            result
                == TestResult(
                    name: "RedirectBoundaryTests.testSameOriginRedirectSucceeds", module: "MyAppTests", status: .passed,
                    durationSeconds: 0.1234))
    }

    @Test("a failure carries its Failure Message, not the source reference")
    func failed() throws {
        let result = try Self.named(try Self.read(XCResultLogs.mixed), "RedirectBoundaryTests.testDifferentPortRedirectStops")
        #expect(result.status == .failed)
        #expect(result.message == #"RedirectBoundaryTests.swift:42: XCTAssertEqual failed: ("200") is not equal to ("302")"#)
        #expect(result.attempts == 1 && !result.retried)
    }

    @Test("a skip keeps its reason")
    func skipped() throws {
        let result = try Self.named(try Self.read(XCResultLogs.mixed), "RedirectBoundaryTests.testForeignListenerSeesNothing")
        #expect(result.status == .skipped)
        #expect(result.message == "RedirectBoundaryTests.swift:60: Test skipped - needs a second listener")
        #expect(result.durationSeconds == 0)
    }

    @Test("a retried test: the last attempt decides, it is marked retried, and the earlier failure is told")
    func retriedPass() throws {
        let result = try Self.named(try Self.read(XCResultLogs.mixed), "RedirectBoundaryTests.testFlakyTimeout")
        #expect(result.status == .passed)
        #expect(result.attempts == 2)
        #expect(result.retried)
        #expect(result.failedAttempts == 1)
        #expect(result.flaky)
        #expect(
            result.message
                == "passed on attempt 2 of 2 after 1 failed: RedirectBoundaryTests.swift:77: XCTAssertTrue failed - timed out")
    }

    @Test("a test that failed every retry fails with the last attempt's message")
    func retriedFail() throws {
        let result = try Self.named(try Self.read(XCResultLogs.mixed), "RedirectBoundaryTests.testAlwaysFails")
        #expect(result.status == .failed)
        #expect(result.attempts == 3)
        #expect(!result.flaky)
        #expect(result.message == "RedirectBoundaryTests.swift:90: failed - third")
    }

    @Test("an expected failure passes and says it was expected")
    func expectedFailure() throws {
        let result = try Self.named(try Self.read(XCResultLogs.mixed), "RedirectBoundaryTests.testKnownHeaderBug")
        #expect(result.status == .passed)
        #expect(
            result.message
                == "expected failure: RedirectBoundaryTests.swift:101: Expected failure: the header is still forwarded (#123)")
    }

    @Test("a crash fails, and its message starts with 'crashed: '")
    func crashed() throws {
        let result = try Self.named(try Self.read(XCResultLogs.mixed), "RedirectBoundaryTests.testDecodesHugeFrame")
        #expect(result.status == .failed)
        #expect(result.message == "crashed: MyApp (4242) encountered an error (Test crashed with signal segv.)")
    }

    @Test("a result Xcode could not determine fails: the bundle cannot vouch for it")
    func unknown() throws {
        let result = try Self.named(try Self.read(XCResultLogs.mixed), "RedirectBoundaryTests.testNeverReported")
        #expect(result.status == .failed)
        #expect(result.message == "the result bundle gave 'unknown' for this test")
    }

    @Test("the counts: 3 passed (one only on retry, one expected failure), 4 failed, 1 skipped")
    func counts() throws {
        let results = try Self.read(XCResultLogs.mixed)
        #expect(results.filter { $0.status == .passed }.count == 3)
        #expect(results.filter { $0.status == .failed }.count == 4)
        #expect(results.filter { $0.status == .skipped }.count == 1)
        #expect(
            results.filter(\.retried).map(\.name) == ["RedirectBoundaryTests.testFlakyTimeout", "RedirectBoundaryTests.testAlwaysFails"])
    }

    @Test("Swift Testing: nested suites, parameterised arguments, a retried argument, a localised duration")
    func swiftTesting() throws {
        let results = try Self.read(XCResultLogs.swiftTesting)
        let result = try #require(results.first)
        #expect(results.count == 1)
        #expect(result.name == "Inner.parses(input:)")
        #expect(result.module == "MyAppUITests")
        #expect(result.status == .failed)
        #expect(result.attempts == 2)
        #expect(result.durationSeconds == 65)
        #expect(
            result.message
                == "(\"b\") ParserTests.swift:42: Expectation failed: 1 == 2\n(\"c\") passed on attempt 2 of 2 after 1 failed")
    }

    @Test("the same test under two configurations is one result: failed, the message names where")
    func configurations() throws {
        let results = try Self.read(XCResultLogs.twoConfigurations)
        #expect(
            results == [
                TestResult(
                    name: "LoginTests.testLogin", module: "AppTests", status: .failed, durationSeconds: 0.75,
                    message: "[German] LoginTests.swift:9: XCTAssertEqual failed")
            ])
    }

    @Test("events are the results as finished tests")
    func events() throws {
        let json = Array(XCResultLogs.mixed.utf8)
        #expect(try XCResultReader.events(json: json) == (try XCResultReader.read(json: json)).map { .finished($0) })
    }

    @Test("without nodeIdentifier the suite and the node's name make the test name")
    func noIdentifier() throws {
        let json = """
            {"testNodes": [{"nodeType": "Test Suite", "name": "S", "children": [
              {"nodeType": "Test Case", "name": "testA()", "result": "Passed", "duration": "0,011s"}]}]}
            """
        let result = try #require(try Self.read(json).first)
        #expect(result.name == "S.testA")
        #expect(result.durationSeconds == 0.011)
    }

    @Test("an empty tree yields no results (the suite then fails for running zero tests)")
    func empty() throws {
        #expect(try Self.read(#"{"devices": [], "testNodes": [], "testPlanConfigurations": []}"#).isEmpty)
    }

    // MARK: - Not test results

    @Test(
        "what is not the tests tree is refused with a reason",
        arguments: [
            (#"{"_type": {"_name": "ActionsInvocationRecord"}, "actions": {}}"#, "legacy format"),
            (#"{"totalTestCount": 3, "result": "Passed"}"#, "get test-results summary"),
            (#"{"tests": []}"#, "no 'testNodes'"),
            (#"[1, 2]"#, "not an object"),
        ])
    func refused(json: String, reason: String) {
        do {
            _ = try Self.read(json)
            Issue.record("accepted \(json)")
        } catch {
            guard case .notTestResults(let found) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(found.contains(reason), "\(found)")
            #expect(error.description.hasPrefix("the xcresult JSON is not 'xcresulttool get test-results tests' output"))
        }
    }

    @Test(
        "malformed JSON is an error with the byte offset, never a trap",
        arguments: [
            ("", 0), ("{", 1), (#"{"testNodes": [}"#, 15), (#"{"a" 1}"#, 5), (#"{"a": "\x"}"#, 7), (#"{"a": 01}"#, 7),
            (#"{"a": "\ud800"}"#, 13), (#"{"a": 1} x"#, 9), ("{\"a\": \"\u{01}\"}", 7), (#"{"a": tru}"#, 6),
        ])
    func malformed(json: String, offset: Int) {
        #expect(throws: XCResultError.self) { try Self.read(json) }
        do {
            _ = try Self.read(json)
        } catch {
            guard case .malformedJSON(let at, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(at == offset, "\(error)")
        }
    }

    @Test("nesting deeper than the limit is refused, not a stack overflow")
    func deep() {
        let json = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: XCResultError.self) { try Self.read(json) }
    }

    @Test("escapes, surrogate pairs and a byte order mark are read")
    func strings() throws {
        let json =
            "\u{FEFF}"
            + #"{"testNodes": [{"nodeType": "Test Case", "nodeIdentifier": "S\/t\u00e9st\ud83d\ude00()", "result": "Failed", "children": [{"nodeType": "Failure Message", "name": "a\tb\n\"c\""}]}]}"#
        let result = try #require(try Self.read(json).first)
        #expect(result.name == "S.tést😀")
        #expect(result.message == "a\tb\n\"c\"")
    }

    @Test("random bytes and truncated trees never trap", arguments: 0..<4)
    func hostile(seed: UInt64) {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let tree = Array(XCResultLogs.mixed.utf8)
        for _ in 0..<200 {
            let cut = Int(next() % UInt64(tree.count))
            _ = try? XCResultReader.read(json: Array(tree.prefix(cut)))
            var mutated = tree
            mutated[Int(next() % UInt64(tree.count))] = UInt8(truncatingIfNeeded: next())
            _ = try? XCResultReader.read(json: mutated)
        }
        #expect(throws: XCResultError.self) { try XCResultReader.read(json: Array(tree.dropLast())) }
    }
}

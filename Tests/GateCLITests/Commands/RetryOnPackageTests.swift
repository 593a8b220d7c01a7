//===----------------------------------------------------------------------===//
// RetryOnPackageTests.swift: `suites[].retry` on a real package: flaky, broken, and a crash.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateProcess
import GateTestSupport
import Testing

/// `run` with `retry` on a real Swift package (real `swift test`): a test that fails once then
/// passes and a test that crashes the runner once (markers under the suite's `$TMPDIR`, which a
/// separated suite can write), and a test that fails every time unless told not to. One package
/// build serves every run (about 15-60 s here; each run after it takes a few seconds).
@Suite("retry on a real package", .serialized)
struct RetryOnPackageTests {
    static let package: [String: String] = [
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Lib", targets: [.target(name: "Lib"), .testTarget(name: "LibTests", dependencies: ["Lib"])])

        """,
        "Sources/Lib/Lib.swift": "public func one() -> Int { 1 }\n",
        "Tests/LibTests/RetryTests.swift": """
        import Foundation
        import XCTest
        @testable import Lib

        /// True the first time `name` is asked for in this run (`RETRY_TAG` names the run).
        func firstTime(_ name: String) -> Bool {
            let environment = ProcessInfo.processInfo.environment
            let path = (environment["TMPDIR"] ?? "/tmp") + "/" + (environment["RETRY_TAG"] ?? "none") + "-" + name
            if FileManager.default.fileExists(atPath: path) { return false }
            return FileManager.default.createFile(atPath: path, contents: Data())
        }

        final class AStableTests: XCTestCase {
            func testPasses() { XCTAssertEqual(one(), 1) }
        }

        final class BFlakyTests: XCTestCase {
            func testFailsOnce() { XCTAssertFalse(firstTime("flaky"), "the first attempt fails") }
        }

        final class CBrokenTests: XCTestCase {
            func testFailsUnlessFixed() {
                XCTAssertEqual(ProcessInfo.processInfo.environment["FIXED"], "1", "fails every attempt")
            }
        }

        final class ZCrashTests: XCTestCase {
            func testCrashesOnce() {
                if firstTime("crash") { fatalError("the runner crashes on the first attempt") }
            }
        }

        """,
        "acceptance-gate.json": config(tag: "first", extra: ""),
        ".gitignore": ".build/\nout/\n*.key\n*.pub\n*.json.tmp\n",
    ]

    /// One xctest suite with two retries; `extra` goes into its `env`, `flaky` is its policy.
    static func config(tag: String, extra: String, flaky: String = "warn") -> String {
        """
        { "suites": [ { "name": "unit", "kind": "xctest", "command": ["swift", "test"], "timeoutSeconds": 300,
          "retry": { "failedTests": 2 }, "flaky": "\(flaky)", "env": { "RETRY_TAG": "\(tag)-\(UUID().uuidString)"\(extra) } } ] }

        """
    }

    static func json(_ path: String) -> [String: Any] {
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    static func suite(_ report: [String: Any]) -> [String: Any] {
        (report["suites"] as? [[String: Any]])?.first ?? [:]
    }

    /// Each test's status, flakiness and attempts (`status@log`).
    static func tests(_ report: [String: Any]) -> [String: (status: String, flaky: Bool, attempts: [String])] {
        var tests: [String: (String, Bool, [String])] = [:]
        for test in suite(report)["tests"] as? [[String: Any]] ?? [] {
            let attempts = (test["attempts"] as? [[String: Any]] ?? []).map {
                "\($0["status"] as? String ?? "?")@\($0["log"] as? String ?? "?")"
            }
            tests[test["name"] as? String ?? ""] = (test["status"] as? String ?? "", test["flaky"] as? Bool == true, attempts)
        }
        return tests
    }

    static func codes(_ report: [String: Any]) -> [String] {
        (report["problems"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    /// jsonschema's complaint about `report` against templates/report.schema.json, `""` when valid.
    static func schemaProblems(_ report: String) throws -> String {
        let script = """
            import json, sys, jsonschema
            validator = jsonschema.Draft202012Validator(json.load(open(sys.argv[1])))
            print("; ".join(error.message for error in validator.iter_errors(json.load(open(sys.argv[2])))))
            """
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["python3", "-c", script, RepositoryFiles.url("templates/report.schema.json").path, report]),
            timeout: .seconds(60))
        try #require(result.status.isSuccess, "python3 with jsonschema (ci/setup installs it): \(result.stderrText)")
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    #if os(Linux)
        @Test(
            "retry: a test failing once is flaky (warned, or rejected under flaky: reject), a crash is retried, one failing every attempt rejects; each attempt archived, signed and verified",
            .timeLimit(.minutes(10)))
        func retry() async throws {
            try #require(FileManager.default.isExecutableFile(atPath: AdoptedPackage.gate), "build the product first")
            let package = try AdoptedPackage("retry", files: Self.package)
            let gate = AdoptedPackage.gate
            let root = package.root
            try await package.buildTests()
            // As root on Linux the suites run separated: the markers go to the suites' own $TMPDIR.
            try package.separate()
            try #require(try await package.step([gate, "keygen", "--out", "key"]).status.isSuccess)
            let first = "logs/unit.log"
            let retry1 = "logs/unit.retry-1.log"
            let retry2 = "logs/unit.retry-2.log"

            // One test fails every attempt: two retries, the run rejected; the others flaky.
            let broken = try await package.step([gate, "run", "--out", "out/broken", "--key", "key.key"])
            let rejected = Self.json(root + "/out/broken/report.json")
            #expect(broken.status == .exited(code: 1), "\(broken.stdoutText)")
            #expect(rejected["verdict"] as? String == "rejected")
            #expect(broken.stdoutText.contains("unit: retry 1 of 2: 3 failed test(s)"), "\(broken.stdoutText)")
            #expect(broken.stdoutText.contains("✗ CBrokenTests.testFailsUnlessFixed (retry)"), "\(broken.stdoutText)")
            #expect(broken.stdoutText.contains("unit: retry 2 of 2: 1 failed test(s)"), "\(broken.stdoutText)")
            let isolation = (rejected["isolation"] as? [String: Any])?["mechanism"] as? String
            #expect(isolation == (geteuid() == 0 ? "namespaces" : "none"), "every attempt runs as the first did")
            var tests = Self.tests(rejected)
            #expect(tests["AStableTests.testPasses"]?.status == "passed")
            #expect(tests["AStableTests.testPasses"]?.attempts == [], "a test that passed is not run again")
            #expect(tests["BFlakyTests.testFailsOnce"]?.status == "passed")
            #expect(tests["BFlakyTests.testFailsOnce"]?.flaky == true)
            #expect(tests["BFlakyTests.testFailsOnce"]?.attempts == ["failed@\(first)", "passed@\(retry1)"])
            #expect(tests["ZCrashTests.testCrashesOnce"]?.status == "passed", "the crash is retried: \(broken.stdoutText)")
            #expect(tests["ZCrashTests.testCrashesOnce"]?.attempts == ["failed@\(first)", "passed@\(retry1)"])
            #expect(tests["CBrokenTests.testFailsUnlessFixed"]?.status == "failed")
            #expect(
                tests["CBrokenTests.testFailsUnlessFixed"]?.attempts == ["failed@\(first)", "failed@\(retry1)", "failed@\(retry2)"])
            #expect(Self.codes(rejected).contains("test-failed"), "\(Self.codes(rejected))")
            let attempts = Self.suite(rejected)["attempts"] as? [[String: Any]] ?? []
            #expect(
                attempts.map { $0["tests"] as? [String] ?? [] }.map(Set.init) == [
                    ["BFlakyTests.testFailsOnce", "CBrokenTests.testFailsUnlessFixed", "ZCrashTests.testCrashesOnce"],
                    ["CBrokenTests.testFailsUnlessFixed"],
                ])
            #expect(attempts.map { $0["log"] as? String } == [retry1, retry2])
            let archived = (rejected["logs"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            #expect(Set([first, retry1, retry2]).isSubset(of: Set(archived)), "\(archived)")
            let retryLog = try package.read("out/broken/" + retry2)
            #expect(retryLog.contains("CBrokenTests.testFailsUnlessFixed") && !retryLog.contains("BFlakyTests"), "\(retryLog)")
            #expect(try Self.schemaProblems(root + "/out/broken/report.json") == "", "the attempts fit report.schema.json")
            let rejectedVerify = try await package.step([gate, "verify", "out/broken/report.dsse.json", "--pubkey", "key.pub"])
            #expect(rejectedVerify.status == .exited(code: 0), "\(rejectedVerify.stdoutText)\(rejectedVerify.stderrText)")

            // Fixed: accepted with the two flaky tests warned (one retry was enough), signed and verified.
            try package.edit("acceptance-gate.json") { _ in Self.config(tag: "fixed", extra: #", "FIXED": "1""#) }
            let fixed = try await package.step([gate, "run", "--out", "out/fixed"])
            let accepted = Self.json(root + "/out/fixed/report.json")
            #expect(fixed.status == .exited(code: 0), "\(fixed.stdoutText)")
            #expect(accepted["verdict"] as? String == "accepted", "\(Self.codes(accepted))")
            tests = Self.tests(accepted)
            #expect(tests["BFlakyTests.testFailsOnce"]?.flaky == true)
            #expect(tests["ZCrashTests.testCrashesOnce"]?.flaky == true)
            #expect(tests["CBrokenTests.testFailsUnlessFixed"]?.attempts == [])
            #expect((Self.suite(accepted)["attempts"] as? [[String: Any]] ?? []).count == 1)
            #expect(Self.codes(accepted).isEmpty, "\(Self.codes(accepted))")
            #expect(
                fixed.stdoutText.contains("accepted with warnings: 2 flaky tests (BFlakyTests.testFailsOnce, ZCrashTests.testCrashesOnce)"),
                "\(fixed.stdoutText)")
            // A copy to forge below, before `sign` (in a job of its own) re-derives the verdict and signs it.
            try FileManager.default.copyItem(atPath: root + "/out/fixed", toPath: root + "/out/forged")
            let signed = try await package.step([gate, "sign", "out/fixed", "--key", "key.key"])
            #expect(signed.status == .exited(code: 0), "\(signed.stdoutText)\(signed.stderrText)")
            // Signed WARNED, the flaky tests among the warned; report.json (a subject) holds every attempt.
            let statement = try package.read("out/fixed/report.intoto.json")
            #expect(statement.contains("WARNED"), "\(statement)")
            #expect(statement.contains("unit/BFlakyTests.testFailsOnce") && statement.contains("unit/ZCrashTests.testCrashesOnce"))
            #expect(!FileManager.default.fileExists(atPath: root + "/out/fixed/" + retry2), "no second retry was needed")
            let verified = try await package.step(
                [gate, "verify", "out/fixed/report.dsse.json", "--pubkey", "key.pub", "--require-accepted"])
            #expect(verified.status == .exited(code: 0), "\(verified.stdoutText)\(verified.stderrText)")

            // The retry's record dropped from the accepted report: the first log alone re-derives
            // the failures, so signing refuses it.
            var forged = accepted
            if var suites = forged["suites"] as? [[String: Any]], !suites.isEmpty {
                suites[0]["attempts"] = nil
                forged["suites"] = suites
            }
            let original = try package.read("out/forged/report.json")
            let forgedBytes = try JSONSerialization.data(withJSONObject: forged, options: [.prettyPrinted, .sortedKeys])
            try package.edit("out/forged/report.json") { _ in String(decoding: forgedBytes, as: UTF8.self) }
            try package.edit("out/forged/report.intoto.json") {
                $0.replacingOccurrences(of: SHA256.hash(Array(original.utf8)).hex, with: SHA256.hash(Array(forgedBytes)).hex)
            }
            let refused = try await package.step([gate, "sign", "out/forged", "--key", "key.key"])
            #expect(!refused.status.isSuccess, "\(refused.stdoutText)")
            #expect((refused.stdoutText + refused.stderrText).contains("tests"), "\(refused.stdoutText)\(refused.stderrText)")

            // flaky: reject: the same retries reject the run.
            try package.edit("acceptance-gate.json") { _ in Self.config(tag: "strict", extra: #", "FIXED": "1""#, flaky: "reject") }
            let strict = try await package.step([gate, "run", "--out", "out/strict", "--key", "key.key"])
            let strictReport = Self.json(root + "/out/strict/report.json")
            #expect(strict.status == .exited(code: 1), "\(strict.stdoutText)\(strict.stderrText)")
            #expect(strictReport["verdict"] as? String == "rejected")
            #expect(Self.codes(strictReport).contains("test-flaky"), "\(Self.codes(strictReport))")
            print(package.transcript.joined(separator: "\n"))
        }
    #endif
}

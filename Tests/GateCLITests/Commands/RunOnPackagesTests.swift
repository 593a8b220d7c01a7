//===----------------------------------------------------------------------===//
// RunOnPackagesTests.swift: run on real package shapes: tests that never ran, strays, failure lines.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateProcess
import GateTestSupport
import Testing

/// `acceptance-gate run` on small real packages, built with `swift build --build-tests`: the
/// shapes a team trips over on its first runs. A package build takes 10-60 s here, so one package
/// serves every assertion of its shape.
@Suite("run on real packages", .serialized)
struct RunOnPackagesTests {
    /// An XCTest package with `Tests/LinuxMain.swift` listing one of its two classes, and a
    /// Swift Testing test that LinuxMain keeps from running.
    static let linuxMainPackage: [String: String] = [
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Lib", targets: [.target(name: "Lib"), .testTarget(name: "LibTests", dependencies: ["Lib"])])

        """,
        "Sources/Lib/Lib.swift": "public func one() -> Int { 1 }\n",
        "Tests/LibTests/ListedTests.swift": """
        import XCTest
        @testable import Lib

        final class ListedTests: XCTestCase {
            func testOne() { XCTAssertEqual(one(), 1) }

            static var allTests = [("testOne", testOne)]
        }

        """,
        "Tests/LibTests/UnlistedTests.swift": """
        import XCTest
        @testable import Lib

        final class UnlistedTests: XCTestCase {
            func testHidden() { XCTAssertEqual(one(), 1) }
            func testHiddenToo() throws { XCTAssertEqual(one(), 1) }
        }

        """,
        "Tests/LinuxMain.swift": """
        import XCTest
        @testable import LibTests

        XCTMain([testCase(ListedTests.allTests)])

        """,
        "acceptance-gate.json": config(extra: ""),
        ".gitignore": ".build/\n.acceptance-gate/\n",
    ]

    static func config(extra: String) -> String {
        """
        { "suites": [ { "name": "unit", "kind": "xctest", "command": ["swift", "test", "--skip-build"], "timeoutSeconds": 300\(extra) } ] }

        """
    }

    static func problems(_ report: [String: Any]) -> [(code: String, sentence: String)] {
        (report["problems"] as? [[String: Any]] ?? []).map { (($0["code"] as? String) ?? "", ($0["sentence"] as? String) ?? "") }
    }

    #if os(Linux)
        @Test(
            "LinuxMain.swift lists one class of two: the other's tests never ran, named with the cause; rejected, or warned when configured",
            .timeLimit(.minutes(10)))
        func unlistedClass() async throws {
            try #require(FileManager.default.isExecutableFile(atPath: AdoptedPackage.gate), "build the product first")
            let package = try AdoptedPackage("linuxmain-unlisted", files: Self.linuxMainPackage)
            try await package.buildTests()
            let first = try await package.run()
            #expect(first.status == .exited(code: 1), "\(first.stdout)")
            #expect(first.report["verdict"] as? String == "rejected")
            let never = Self.problems(first.report).filter { $0.code == "tests-never-ran" }
            #expect(never.count == 1, "\(Self.problems(first.report))")
            let sentence = never.first?.sentence ?? ""
            #expect(sentence.contains("2 declared test(s) never ran: not listed in Tests/LinuxMain.swift"), "\(sentence)")
            #expect(sentence.contains("UnlistedTests.testHidden, UnlistedTests.testHiddenToo"), "\(sentence)")
            #expect(!sentence.contains("ListedTests.testOne"), "\(sentence)")
            #expect(first.stdout.contains("UnlistedTests.testHidden"), "the console names them: \(first.stdout)")
            let suite = (first.report["suites"] as? [[String: Any]])?.first
            let unrun = (suite?["unrunTests"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(unrun == ["UnlistedTests.testHidden", "UnlistedTests.testHiddenToo"])

            // Listed: nothing is missing any more.
            try package.edit("Tests/LinuxMain.swift") {
                $0.replacingOccurrences(
                    of: "testCase(ListedTests.allTests)", with: "testCase(ListedTests.allTests), testCase(UnlistedTests.allTests)")
            }
            try package.edit("Tests/LibTests/UnlistedTests.swift") {
                $0.replacingOccurrences(
                    of: "    func testHiddenToo", with: "    static var allTests = [(\"testHidden\", testHidden)]\n\n    func testHiddenToo"
                )
            }
            try await package.buildTests()
            let partly = try await package.run()
            let partial = Self.problems(partly.report).filter { $0.code == "tests-never-ran" }.map(\.sentence).joined()
            #expect(partial.contains("1 declared test(s) never ran: missing from its class's allTests"), "\(partial)")
            #expect(partial.contains("UnlistedTests.testHiddenToo") && !partial.contains("testHidden,"), "\(partial)")

            // Under "warn": accepted with a warning naming them.
            try package.edit("acceptance-gate.json") { _ in Self.config(extra: #", "unrunTests": "warn""#) }
            let warned = try await package.run()
            #expect(warned.report["verdict"] as? String == "accepted", "\(Self.problems(warned.report))")
            #expect(warned.stdout.contains("never ran"), "\(warned.stdout)")

            // sign and verify re-derive the verdict and agree with the warning.
            let keys = try ScratchFolder("unrun-keys")
            defer { keys.remove() }
            let keygen = try await package.step([AdoptedPackage.gate, "keygen", "--out", keys.path + "/k"])
            try #require(keygen.status.isSuccess, "\(keygen.stderrText)")
            let signed = try await package.step([AdoptedPackage.gate, "sign", ".acceptance-gate", "--key", keys.path + "/k.key"])
            #expect(signed.status.isSuccess, "\(signed.stdoutText)\(signed.stderrText)")
            let verified = try await package.step(
                [AdoptedPackage.gate, "verify", ".acceptance-gate/report.dsse.json", "--pubkey", keys.path + "/k.pub"])
            #expect(verified.status.isSuccess, "\(verified.stdoutText)\(verified.stderrText)")

            // A rejected report rewritten to accepted (with the digest the run's statement recorded),
            // its never-run tests kept: sign refuses it.
            try package.edit("acceptance-gate.json") { _ in Self.config(extra: "") }
            _ = try await package.run()
            let original = try package.read(".acceptance-gate/report.json")
            var forged = try #require(try JSONSerialization.jsonObject(with: Data(original.utf8)) as? [String: Any])
            forged["verdict"] = "accepted"
            forged["problems"] = [Any]()
            forged["reasons"] = [Any]()
            forged["exitCode"] = 0
            if var suites = forged["suites"] as? [[String: Any]], !suites.isEmpty {
                suites[0]["status"] = "passed"
                suites[0]["reasons"] = [Any]()
                forged["suites"] = suites
            }
            let forgedBytes = try JSONSerialization.data(withJSONObject: forged, options: [.prettyPrinted, .sortedKeys])
            try package.edit(".acceptance-gate/report.json") { _ in String(decoding: forgedBytes, as: UTF8.self) }
            try package.edit(".acceptance-gate/report.intoto.json") {
                $0.replacingOccurrences(of: SHA256.hash(Array(original.utf8)).hex, with: SHA256.hash(Array(forgedBytes)).hex)
            }
            let refused = try await package.step([AdoptedPackage.gate, "sign", ".acceptance-gate", "--key", keys.path + "/k.key"])
            #expect(!refused.status.isSuccess)
            #expect((refused.stdoutText + refused.stderrText).contains("unrunTests"), "\(refused.stdoutText)\(refused.stderrText)")
            print(package.transcript.joined(separator: "\n"))
        }

        /// A package without LinuxMain: XCTest and Swift Testing assertions comparing a value with a
        /// newline, and a test that leaves `sleep 30` in the background on the test output.
        static let strayPackage: [String: String] = [
            "Package.swift": """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Lib", targets: [.target(name: "Lib"), .testTarget(name: "LibTests", dependencies: ["Lib"])])

            """,
            "Sources/Lib/Lib.swift": "public func text() -> String { \"a\\nb\" }\n",
            "Tests/LibTests/ValueTests.swift": """
            import Testing
            import XCTest
            @testable import Lib

            final class ValueTests: XCTestCase {
                func testNewline() { XCTAssertEqual(text(), "a") }
            }

            struct SomeSuite {
                @Test func fields() { #expect(text() == "a") }
            }

            struct OtherSuite {
                @Test func fields() { #expect(text().count == 3) }
            }

            """,
            "Tests/LibTests/StrayTests.swift": """
            import Glibc
            import XCTest

            final class StrayTests: XCTestCase {
                func testLeavesSleep() { XCTAssertEqual(system("sleep 30 &"), 0) }
            }

            """,
            "acceptance-gate.json": config(extra: ""),
            ".gitignore": ".build/\n.acceptance-gate/\n",
        ]

        @Test(
            "a stray on the test output is named on the live line, stopped after a short grace and rejected; a value's newline shows as \\n; Swift Testing failures name their suite",
            .timeLimit(.minutes(10)))
        func strayAndNewline() async throws {
            try #require(FileManager.default.isExecutableFile(atPath: AdoptedPackage.gate), "build the product first")
            let package = try AdoptedPackage("stray-output", files: Self.strayPackage)
            try await package.buildTests()
            let started = ContinuousClock.now
            let run = try await package.run()
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < .seconds(25), "the gate waited for the stray: \(elapsed)")
            #expect(run.status == .exited(code: 1), "\(run.stdout)")
            let problems = Self.problems(run.report)
            let stray = problems.filter { $0.code == "stray-processes" }.map(\.sentence).joined()
            #expect(stray.contains("kept holding the test output") && stray.contains("(sleep 30)"), "\(problems)")
            #expect(run.stdout.contains("waiting for pid") && run.stdout.contains("(sleep 30) holding the test output"), "\(run.stdout)")
            #expect(!run.stdout.contains("✓ suite unit"), "the suite's stage line does not pass: \(run.stdout)")
            let failed = problems.filter { $0.code == "test-failed" }.map(\.sentence)
            #expect(failed.contains { $0.contains(#"("a\nb") is not equal to ("a")"#) }, "\(failed)")
            #expect(failed.contains { $0.contains(#"test SomeSuite/fields() failed: ValueTests.swift:10:"#) }, "\(failed)")
            #expect(failed.contains { $0.contains(#"(text() → "a\nb") == "a""#) }, "\(failed)")
            let tests = (run.report["suites"] as? [[String: Any]])?.first?["tests"] as? [[String: Any]] ?? []
            let suites = Set(tests.compactMap { $0["suite"] as? String })
            #expect(suites == ["SomeSuite", "OtherSuite"], "both fields() named by their suite: \(tests)")
            print(package.transcript.joined(separator: "\n"))
        }
    #endif
}

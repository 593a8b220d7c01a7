//===----------------------------------------------------------------------===//
// ShardPlanEndToEndTests.swift: plan → three shards → merge --plan → verify, on a real package.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateProcess
import GateTestSupport
import Testing

/// The matrix flow of docs/ci-matrix.md through the built binary on a real Swift package of 36
/// XCTest tests of 0 to 80 ms (real `swift test`): a signed run gives the timings, `plan` splits
/// them in three, each shard runs `run --shard K --plan`, `merge --plan` proves every planned test
/// ran once and `verify` accepts the merged verdict; then a shard whose filter dropped a test, a
/// test run in two shards, and a test added after the plan, each with its outcome. One package
/// build serves every step (about 15-60 s here; every gate run after it takes 2-5 s).
@Suite("shard plan end to end", .serialized)
struct ShardPlanEndToEndTests {
    /// Four classes of nine tests, each sleeping a different few milliseconds.
    static var package: [String: String] {
        var files: [String: String] = [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Lib", targets: [.target(name: "Lib"), .testTarget(name: "LibTests", dependencies: ["Lib"])])

            """,
            "Sources/Lib/Lib.swift": "public func one() -> Int { 1 }\n",
            "acceptance-gate.json": config(extra: []),
            ".gitignore": ".build/\nout/\n*.key\n*.pub\nplan.json\n",
        ]
        for group in 0..<4 {
            let tests = (0..<9).map { index in
                "    func testCase\(index)() { usleep(\(((group * 9 + index) * 37) % 80) * 1000); XCTAssertEqual(one(), 1) }"
            }
            files["Tests/LibTests/Group\(group)Tests.swift"] =
                "import XCTest\n@testable import Lib\n\nfinal class Group\(group)Tests: XCTestCase {\n"
                + tests.joined(separator: "\n") + "\n}\n"
        }
        return files
    }

    /// The configuration: one xctest suite running `swift test`, with `extra` options after it.
    static func config(extra: [String]) -> String {
        let command = (["swift", "test", "--skip-build"] + extra).map { "\"\($0.replacingOccurrences(of: "\\", with: "\\\\"))\"" }
        return "{ \"suites\": [ { \"name\": \"unit\", \"kind\": \"xctest\", \"command\": [\(command.joined(separator: ", "))], "
            + "\"timeoutSeconds\": 300 } ] }\n"
    }

    static func json(_ path: String) -> [String: Any] {
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    static func codes(_ report: [String: Any]) -> [String] {
        (report["problems"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    static func sentences(_ report: [String: Any]) -> String {
        (report["problems"] as? [[String: Any]] ?? []).compactMap { $0["sentence"] as? String }.joined(separator: "\n")
    }

    #if os(Linux)
        @Test(
            "plan, three shards, merge --plan, verify; a dropped test, a test in two shards, a test added after the plan",
            .timeLimit(.minutes(15)))
        func matrix() async throws {
            try #require(FileManager.default.isExecutableFile(atPath: AdoptedPackage.gate), "build the product first")
            let clock = ContinuousClock()
            let started = clock.now
            let package = try AdoptedPackage("shard-plan", files: Self.package)
            let gate = AdoptedPackage.gate
            let root = package.root
            try await package.buildTests()
            try #require(try await package.step([gate, "keygen", "--out", "key"]).status.isSuccess)

            // The history: one signed run of every test.
            let history = try await package.step([gate, "run", "--out", "out/history", "--key", "key.key"])
            try #require(history.status == .exited(code: 0), "\(history.stdoutText)")
            let planned = try await package.step(
                [gate, "plan", "--shards", "3", "--from", "out/history", "--pubkey", "key.pub", "--out", "plan.json"])
            try #require(planned.status == .exited(code: 0), "\(planned.stdoutText)\(planned.stderrText)")
            let plan = Self.json(root + "/plan.json")
            let shards = (plan["shards"] as? [[String: Any]] ?? []).map { ($0["tests"] as? [String]) ?? [] }
            try #require(shards.count == 3)
            #expect(shards.map(\.count).reduce(0, +) == 36)
            #expect(Set(shards.flatMap { $0 }).count == 36)
            let digest = SHA256.hash(Array(FileManager.default.contents(atPath: root + "/plan.json") ?? Data())).hex

            /// Runs the three shards into `out/<prefix><k>` with `config` (all three alike, so
            /// the merge sees one configuration), and merges them with the plan.
            func matrix(_ prefix: String, config: String? = nil) async throws -> (
                shards: [(status: GateProcess.ExitStatus, report: [String: Any])], merge: ProcessResult, merged: [String: Any]
            ) {
                var results: [(status: GateProcess.ExitStatus, report: [String: Any])] = []
                for shard in 1...3 {
                    let result = try await package.step(
                        [gate, "run", "--shard", "\(shard)", "--plan", "plan.json", "--out", "out/\(prefix)\(shard)", "--key", "key.key"]
                            + (config.map { ["--config", $0] } ?? []))
                    results.append((result.status, Self.json(root + "/out/\(prefix)\(shard)/report.json")))
                }
                let merge = try await package.step(
                    [gate, "merge"] + (1...3).map { "out/\(prefix)\($0)" }
                        + ["--plan", "plan.json", "--pubkey", "key.pub", "--key", "key.key", "--out", "out/\(prefix)merged"])
                return (results, merge, Self.json(root + "/out/\(prefix)merged/report.json"))
            }

            // Every shard runs its planned tests, records the plan, and the merge proves it.
            let clean = try await matrix("clean")
            for (index, shard) in clean.shards.enumerated() {
                #expect(shard.status == .exited(code: 0), "\(Self.sentences(shard.report))")
                let record = shard.report["plan"] as? [String: Any] ?? [:]
                #expect(record["sha256"] as? String == digest)
                #expect(record["shard"] as? String == "\(index + 1)")
                #expect(record["tests"] as? Int == shards[index].count)
                let ran = (shard.report["suites"] as? [[String: Any]])?.first?["tests"] as? [[String: Any]] ?? []
                #expect(Set(ran.compactMap { $0["name"] as? String }) == Set(shards[index]))
                let command = (shard.report["suites"] as? [[String: Any]])?.first?["command"] as? [String] ?? []
                #expect(command.contains("--filter"))
            }
            #expect(clean.merge.status == .exited(code: 0), "\(clean.merge.stdoutText)\(clean.merge.stderrText)")
            #expect(clean.merge.stdoutText.contains("plan: 36 of 36 planned test(s) ran once"))
            #expect((clean.merged["plan"] as? [String: Any])?["sha256"] as? String == digest)
            let verified = try await package.step(
                [
                    gate, "verify", "out/cleanmerged/report.dsse.json", "--pubkey", "key.pub", "--require-accepted", "--require-shards",
                    "1,2,3",
                ])
            #expect(verified.status == .exited(code: 0), "\(verified.stdoutText)\(verified.stderrText)")

            // (a) A filter that dropped one of shard 2's tests: shard 2 and the merge reject, naming it.
            let dropped = try #require(shards[1].first)
            let droppedMethod = try #require(dropped.split(separator: ".").last)
            let droppedClass = try #require(dropped.split(separator: ".").first)
            try package.folder.write(
                Self.config(extra: ["--skip", "\\.\(droppedClass)/\(droppedMethod)$"]), to: "out/dropped.json", mode: 0o644)
            let a = try await matrix("dropped", config: "out/dropped.json")
            #expect(a.shards[1].status == .exited(code: 1))
            #expect(Self.codes(a.shards[1].report).contains("plan-test-not-run"))
            #expect(Self.sentences(a.shards[1].report).contains(dropped))
            #expect(a.shards[0].status == .exited(code: 0) && a.shards[2].status == .exited(code: 0))
            #expect(a.merge.status == .exited(code: 1), "\(a.merge.stdoutText)")
            #expect(Self.codes(a.merged).contains("plan-test-missing"))
            #expect(Self.sentences(a.merged).contains("\(dropped) (shard 2)"))

            // (b) A suite that also runs one of shard 1's tests: it runs in every shard, which rejects.
            let twice = try #require(shards[0].first)
            try package.folder.write(
                Self.config(extra: ["--filter", "\\.\(twice.replacingOccurrences(of: ".", with: "/"))$"]), to: "out/twice.json",
                mode: 0o644)
            let b = try await matrix("twice", config: "out/twice.json")
            #expect(b.shards[0].status == .exited(code: 0))
            #expect(Self.codes(b.shards[1].report).contains("plan-test-outside-shard"))
            #expect(Self.codes(b.shards[2].report).contains("plan-test-outside-shard"))
            #expect(b.merge.status == .exited(code: 1), "\(b.merge.stdoutText)")
            #expect(Self.codes(b.merged).contains("plan-test-duplicated"))
            #expect(Self.sentences(b.merged).contains("\(twice) (shards 1, 2, 3)"))

            // (c) A test added after the plan runs once, in shard 1, and is listed as new; accepted.
            try package.folder.write(
                "import XCTest\n\nfinal class LateTests: XCTestCase {\n    func testAddedAfterThePlan() { XCTAssertTrue(true) }\n}\n",
                to: "Tests/LibTests/LateTests.swift", mode: 0o644)
            try #require(try await package.step(["git", "add", "-A"]).status.isSuccess)
            try #require(
                try await package.step(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "late"]).status.isSuccess)
            try await package.buildTests()
            let c = try await matrix("late")
            #expect(c.shards.allSatisfy { $0.status == .exited(code: 0) }, "\(c.shards.map { Self.sentences($0.report) })")
            let newTests = (c.shards[0].report["plan"] as? [String: Any])?["newTests"] as? [[String: Any]] ?? []
            #expect(newTests.compactMap { $0["name"] as? String } == ["LateTests.testAddedAfterThePlan"])
            #expect(c.merge.status == .exited(code: 0), "\(c.merge.stdoutText)")
            #expect(c.merge.stdoutText.contains("1 new since the plan, accepted: LateTests.testAddedAfterThePlan (shard 1)"))
            let mergedNew = (c.merged["plan"] as? [String: Any])?["newTests"] as? [[String: Any]] ?? []
            #expect(mergedNew.map { $0["shard"] as? String } == ["1"])
            let lateVerified = try await package.step(
                [gate, "verify", "out/latemerged/report.dsse.json", "--pubkey", "key.pub", "--require-accepted"])
            #expect(lateVerified.status == .exited(code: 0))

            // Usage: --plan without --shard, a shard the plan lacks, a file that is no plan: exit 2, one line.
            try package.folder.write(
                "{\"shards\": [{\"name\": \"1\", \"tests\": [\"A.a\"]}, {\"name\": \"2\", \"tests\": [\"A.a\"]}]}", to: "out/bad.json",
                mode: 0o644)
            for (arguments, said) in [
                (["--plan", "plan.json"], "--shard"), (["--shard", "9", "--plan", "plan.json"], "is not a shard of"),
                (["--shard", "1", "--plan", "out/bad.json"], "also planned in shard '1'"),
                (["--shard", "1", "--plan", "out/missing.json"], "cannot read"),
            ] {
                let refused = try await package.step([gate, "run", "--out", "out/refused"] + arguments)
                #expect(refused.status == .exited(code: 2), "\(arguments)")
                #expect(refused.stderrText.contains(said), "\(refused.stderrText)")
                #expect(refused.stderrText.split(separator: "\n").count == 1, "\(refused.stderrText)")
            }
            print("[shard-plan] the whole flow took \(clock.now - started)")
        }
    #endif
}

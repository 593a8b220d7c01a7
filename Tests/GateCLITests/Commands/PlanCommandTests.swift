//===----------------------------------------------------------------------===//
// PlanCommandTests.swift: `acceptance-gate plan --shards N --from PATH... --out plan.json`.
//===----------------------------------------------------------------------===//

import Foundation
import GateArchive
import GateCLI
import GateDigest
import GateSigning
import Testing

@Suite("plan")
struct PlanCommandTests {
    /// A scratch folder with a key pair and signed runs in `runs/<name>`.
    private struct History {
        let root: String
        let key: SigningKey
        var pub: String { root + "/key.pub" }
        var plan: String { root + "/plan.json" }

        init() throws {
            root = try KeygenCommandTests.scratch()
            key = try SigningKey.generate()
            _ = try key.writePEMFiles(prefix: root + "/key")
        }

        @discardableResult
        func run(_ name: String, _ tests: [(String, Double)], key: SigningKey? = nil) throws -> String {
            try TimedFolder.write(root + "/runs/" + name, tests: tests, key: key ?? self.key)
            return root + "/runs/" + name
        }

        func write(_ text: String, to name: String) throws -> String {
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name))
            return root + "/" + name
        }

        /// plan.json as JSON objects.
        func planJSON() throws -> [String: Any] {
            let data = try #require(FileManager.default.contents(atPath: plan))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// Twelve tests: two of a minute, the rest seconds and milliseconds.
    private static let tests: [(String, Double)] =
        [("Slow.testA", 60), ("Slow.testB", 58), ("Mid.testC", 20), ("Mid.testD", 15), ("Mid.testE", 9)]
        + (0..<7).map { ("Fast.test\($0)", 0.005 * Double($0 + 1)) }

    @Test("signed runs verified with --pubkey and a --tests list: exit 0, shards 1..3, every test once, digests recorded")
    func signed() throws {
        let history = try History()
        defer { history.remove() }
        let first = try history.run("one", Self.tests)
        // A second run where Slow.testA took longer: the median of 60 and 70 counts.
        try history.run("two", Self.tests.map { $0.0 == "Slow.testA" ? ($0.0, 70) : $0 })
        let list = try history.write(Self.tests.map(\.0).joined(separator: "\n") + "\nNew.testAdded\n", to: "tests.txt")
        let run = GateRun.run([
            "plan", "--shards", "3", "--from", first, "--from", history.root + "/runs/two", "--tests", list, "--pubkey", history.pub,
            "--require-keyid", history.key.publicKey.keyID, "--out", history.plan,
        ])
        #expect(run.exitCode == .success, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.lines.contains("tests: 13 from '\(list)'"))
        #expect(run.lines.contains { $0.hasPrefix("unknown: 1 test(s) with no duration") })
        #expect(run.lines.contains { $0.hasPrefix("slowest shard 65.000 s, lower bound 65.000 s") }, "\(run.lines)")
        let json = try history.planJSON()
        let shards = try #require(json["shards"] as? [[String: Any]])
        #expect(shards.compactMap { $0["name"] as? String } == ["1", "2", "3"])
        let planned = shards.flatMap { $0["tests"] as? [String] ?? [] }
        #expect(planned.sorted() == (Self.tests.map(\.0) + ["New.testAdded"]).sorted())
        #expect(shards.compactMap { $0["expectedSeconds"] as? Double }.max() == 65)
        #expect(json["granularity"] as? String == "test")
        #expect(json["testListSHA256"] as? String == ShardPlan.testListSHA256(planned))
        let inputs = try #require(json["inputs"] as? [[String: Any]])
        let report = try #require(FileManager.default.contents(atPath: first + "/report.json"))
        #expect(inputs.first?["sha256"] as? String == SHA256.hash(Array(report)).hex)
        #expect(inputs.first?["kind"] as? String == "signed-report")
        #expect(inputs.last?["kind"] as? String == "test-list")
        // The same inputs again: the same bytes.
        let before = FileManager.default.contents(atPath: history.plan)
        _ = GateRun.run([
            "plan", "--shards", "3", "--from", first, "--from", history.root + "/runs/two", "--tests", list, "--pubkey", history.pub,
            "--out", history.plan,
        ])
        #expect(FileManager.default.contents(atPath: history.plan) == before)
    }

    @Test("without --tests the last report's tests are planned, and it says so")
    func lastReport() throws {
        let history = try History()
        defer { history.remove() }
        let folder = try history.run("one", Self.tests)
        let run = GateRun.run(["plan", "--shards", "2", "--from", folder, "--out", history.plan])
        #expect(run.exitCode == .success, "\(run.stderr)")
        #expect(
            run.lines.first == "tests: 12 from the last --from, '\(folder)' (no --tests given, so tests added since it ran are not planned)"
        )
        #expect(try history.planJSON()["testListSource"] as? String == "last-report")
    }

    @Test("a JUnit file is a fallback history without a key, and refused with one (it is not signed)")
    func junit() throws {
        let history = try History()
        defer { history.remove() }
        let xml = try history.write(
            "<testsuites>"
                + Self.tests.map {
                    "<testcase classname=\"App.\($0.0.prefix { $0 != "." })\" name=\"\($0.0.drop { $0 != "." }.dropFirst())\" time=\"\($0.1)\"/>"
                }.joined() + "</testsuites>",
            to: "junit.xml")
        let run = GateRun.run(["plan", "--shards", "2", "--from", xml, "--out", history.plan])
        #expect(run.exitCode == .success, "\(run.stderr)")
        #expect(run.lines.contains { $0.hasPrefix("slowest shard 82.000 s") }, "\(run.lines)")
        let signed = GateRun.run(["plan", "--shards", "2", "--from", xml, "--pubkey", history.pub, "--out", history.plan])
        #expect(signed.exitCode == .failure)
        #expect(signed.stderr.contains("a JUnit file is not signed"))
    }

    @Test("a folder signed by another key, exit 1; a --pubkey that is not the pinned keyid: exit 3; nothing written")
    func unverified() throws {
        let history = try History()
        defer { history.remove() }
        let folder = try history.run("one", Self.tests, key: try SigningKey.generate())
        let run = GateRun.run(["plan", "--shards", "2", "--from", folder, "--pubkey", history.pub, "--out", history.plan])
        #expect(run.exitCode == .failure)
        #expect(run.stderr.contains("'\(folder)' did not verify"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: history.plan))
        let pinned = GateRun.run([
            "plan", "--shards", "2", "--from", folder, "--pubkey", history.pub, "--require-keyid", String(repeating: "ab", count: 32),
            "--out", history.plan,
        ])
        #expect(pinned.exitCode == .infrastructure)
        #expect(pinned.stderr.contains("--require-keyid"))
    }

    @Test(
        "usage errors are exit 2 with one line naming what to fix",
        arguments: [
            (["--shards", "0"], "--shards"), (["--shards", "999999999999999999999"], "--shards"),
            (["--shards", "40"], "give --shards 12 or fewer"), ([], "--from"),
            (["--from", "/nonexistent/out"], "cannot read '/nonexistent/out'"),
            (["--require-keyid", String(repeating: "ab", count: 32)], "--pubkey"),
            (["--granularity", "method"], "--granularity"),
        ])
    func usage(extra: [String], said: String) throws {
        let history = try History()
        defer { history.remove() }
        let folder = try history.run("one", Self.tests)
        var arguments = ["plan", "--out", history.plan] + extra
        if !extra.contains("--shards") { arguments += ["--shards", "2"] }
        if !extra.isEmpty, !extra.contains("--from") { arguments += ["--from", folder] }
        let run = GateRun.run(arguments)
        #expect(run.exitCode == .usage, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(said), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}

//===----------------------------------------------------------------------===//
// RequireIsolationTests.swift: `sign --require-isolation` and `verify --require-isolation`.
//===----------------------------------------------------------------------===//

import Foundation
import GateArchive
import GateCore
import GateProcess
import GateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Real runs, signed and verified as CI does: a run whose suites were kept apart from the gate
/// (as root on Linux, the suite domain) passes both requirements and its predicate says how; a
/// run with `--isolation off` records `none`, which both refuse in one line (sign writing nothing).
@Suite("require isolation", .serialized, .timeLimit(.minutes(3)))
struct RequireIsolationTests {
    typealias Flow = SignCommandTests.Flow

    /// `run` without a key, with `extra` arguments, as the test job runs it.
    private static func run(_ flow: Flow, _ extra: [String]) throws -> ProcessResult {
        try flow.gate(
            ["run", "--repo", flow.scratch.repository, "--out", flow.out] + extra,
            environment: ["CI": "true", "GITHUB_RUN_ID": "77", "GITHUB_JOB": "test"])
    }

    private static func verify(_ flow: Flow, _ extra: [String] = []) throws -> ProcessResult {
        try flow.gate(["verify", flow.out + "/report.dsse.json", "--pubkey", flow.publicKey, "--require-accepted"] + extra)
    }

    /// The signed predicate's `isolation` entry.
    private static func isolationEntry(_ flow: Flow) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: flow.out + "/report.predicate.json"))
        let predicate = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(predicate["configuration"] as? [[String: Any]])
        return try #require(entries.first { $0["name"] as? String == "isolation" }, "no isolation in \(entries)")
    }

    @Test func anUnseparatedRunIsRefusedBySignAndByVerify() throws {
        let flow = try Flow()
        let run = try Self.run(flow, ["--isolation", "off"])
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)\(run.stderrText)")
        #expect(run.stdoutText.contains("isolation") && run.stdoutText.contains("none (turned off with --isolation off)"))
        #expect(flow.text("summary.md").contains("| Isolation | none (turned off with --isolation off) |"), "\(flow.text("summary.md"))")
        #expect(flow.text("report.html").contains("<tr><th>Isolation</th><td>none (turned off with --isolation off)</td></tr>"))

        let refused = try flow.sign(["--require-isolation"])
        #expect(refused.status == .exited(code: 1), "\(refused.stdoutText)\(refused.stderrText)")
        let line = refused.stderrText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!line.contains("\n"), "one line: \(line)")
        #expect(line.contains("isolation: none (turned off with --isolation off)") && line.contains("--require-isolation"), "\(line)")
        #expect(line.contains("run the gate where it can separate them"))
        #expect(!FileManager.default.fileExists(atPath: flow.out + "/report.dsse.json"), "nothing signed")

        let signed = try flow.sign()
        #expect(signed.status == .exited(code: 0), "\(signed.stdoutText)\(signed.stderrText)")
        let entry = try Self.isolationEntry(flow)
        #expect((entry["annotations"] as? [String: String])?["mechanism"] == "none")
        #expect((entry["annotations"] as? [String: String])?["reason"] == "turned off with --isolation off")
        #expect(try Self.verify(flow).status == .exited(code: 0), "the signature holds")
        let unmet = try Self.verify(flow, ["--require-isolation"])
        #expect(unmet.status == .exited(code: 1), "\(unmet.stdoutText)\(unmet.stderrText)")
        #expect(unmet.stderrText.contains("the suites ran unseparated from the gate (isolation: none"), "\(unmet.stderrText)")
        #expect(unmet.stderrText.contains("--require-isolation is set"))
    }

    @Test(.enabled(if: getuid() == 0, "the suite domain needs root on Linux"))
    func aSeparatedRunPassesBothAndItsPredicateSaysHow() throws {
        let flow = try Flow()
        // The suites' user must be able to enter the checkout (mkdtemp made the scratch folder 0700).
        #expect(chmod(flow.root, 0o755) == 0)
        let run = try Self.run(flow, [])
        #expect(run.status == .exited(code: 0), "\(run.stdoutText)\(run.stderrText)")
        let report = try flow.scratch.report()
        let isolation = try #require(report["isolation"] as? [String: Any], "\(run.stdoutText)")
        try #require(isolation["mechanism"] as? String == "namespaces", "this machine could not separate: \(isolation)")
        #expect(flow.text("summary.md").contains("| Isolation | namespaces (uid "), "\(flow.text("summary.md"))")

        let signed = try flow.sign(["--require-isolation"])
        #expect(signed.status == .exited(code: 0), "\(signed.stdoutText)\(signed.stderrText)")
        let annotations = try #require(try Self.isolationEntry(flow)["annotations"] as? [String: String])
        #expect(annotations["mechanism"] == "namespaces" && annotations["namespaces"] == "ipc,mount,net,pid,uts")
        #expect(annotations["uid"] == (isolation["uid"] as? Int).map(String.init) && annotations["network"] == "loopback")
        let verified = try Self.verify(flow, ["--require-isolation"])
        #expect(verified.status == .exited(code: 0), "\(verified.stdoutText)\(verified.stderrText)")
    }

    @Test func signRefusesAReportWithoutARecordInOneLineAsEvidenceThatDoesNotHold() {
        let absent = FolderSigningError.notIsolated(path: "out", isolation: nil)
        #expect(absent.exitStatus == .failure)
        #expect(absent.description.hasPrefix("the report in 'out' records no isolation"), "\(absent.description)")
        #expect(absent.description.contains("--require-isolation is set, so it is not signed") && absent.lines.count == 1)
    }
}

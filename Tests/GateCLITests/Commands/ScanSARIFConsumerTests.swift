//===----------------------------------------------------------------------===//
// ScanSARIFConsumerTests.swift: `scan --format sarif` as the OASIS schema and GitHub read it.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// The SARIF from real scans, checked with the OASIS 2.1.0 schema (format checks on) and against
/// GitHub code scanning's documented requirements, by `Consumers/check_sarif.py`. `ci/setup`
/// installs its packages; a missing one fails the test.
@Suite("scan --format sarif for code scanning")
struct ScanSARIFConsumerTests {
    private static var checker: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Consumers/check_sarif.py").path
    }

    /// What the checker saw.
    private func check(_ sarif: String) throws -> [String: Any] {
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: ["python3", Self.checker], environment: ProcessInfo.processInfo.environment, stdin: .bytes(Array(sarif.utf8))),
            timeout: .seconds(60))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any], "\(result.stdoutText) \(result.stderrText)")
        #expect(json["error"] == nil, "\(json["error"] ?? "")")
        return json
    }

    @Test func findingsInFilesWithSpacesAndUnicodeAndOnStandardInputAreValidSARIF() throws {
        let scratch = try ScratchFolder("sarif")
        defer { scratch.remove() }
        let folder = scratch.path
        try scratch.makeFolder("ci logs")
        let first = FakeGitHubToken.make(seed: 41)
        let second = FakeGitHubToken.make(seed: 42)
        try Data("2024-06-12T18:35:39.0123400Z ✓ export GH_TOKEN=\(first)\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/ci logs/büild #1.log"))
        try Data("Authorization: token \(second)\n".utf8).write(to: URL(fileURLWithPath: folder + "/plain.log"))
        let files = GateRun.run(["scan", folder, "--format", "sarif"])
        #expect(files.exitCode == .failure)
        let seen = try check(files.stdout)
        #expect(seen["schemaErrors"] as? [String] == [], "\(seen["schemaErrors"] ?? "")")
        #expect((seen["formatsChecked"] as? [String])?.contains("uri-reference") == true, "the format check really ran")
        #expect(seen["columnKind"] as? String == "utf16CodeUnits")
        #expect(seen["rulesMissing"] as? [String] == [])
        #expect(seen["resultsWithoutLineHash"] as? Int == 0)
        #expect(seen["results"] as? Int == 2)
        #expect((seen["uris"] as? [String])?.contains { $0.hasSuffix("/ci%20logs/b%C3%BCild%20%231.log") } == true, "\(seen["uris"] ?? "")")

        let piped = GateRun.run(["scan", "-", "--format", "sarif"], stdinText: "token: \(first)\n")
        let fromStdin = try check(piped.stdout)
        #expect(fromStdin["schemaErrors"] as? [String] == [], "\(fromStdin["schemaErrors"] ?? "")")
        #expect(fromStdin["uris"] as? [String] == ["%3Cstdin%3E"])
    }
}

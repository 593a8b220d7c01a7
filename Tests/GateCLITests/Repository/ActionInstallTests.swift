//===----------------------------------------------------------------------===//
// ActionInstallTests.swift: action.yml's install step run for real against a release served as files.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// The step of `action.yml` that installs a release, run by bash as the runner runs it, against a
/// release folder served through `file://` URLs: the archive is checked against the release's
/// `SHA256SUMS` on every use, so a binary planted in the cache is never run, and a release whose
/// sums do not match installs nothing.
@Suite("action.yml: the release checked on every use", .serialized)
struct ActionInstallTests {
    static let asset = "acceptance-gate-0.1.0-x86_64-unknown-linux-gnu"

    /// The step's script, read from action.yml by PyYAML.
    static func script() throws -> String {
        let reader = """
            import sys, yaml
            steps = yaml.safe_load(open(sys.argv[1]))["runs"]["steps"]
            print(next(s["run"] for s in steps if s.get("name", "").startswith("Check the release against its SHA256SUMS")))
            """
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["python3", "-c", reader, ReleaseFilesTests.path("action.yml")]), timeout: .seconds(30))
        try #require(result.status.isSuccess, "python3 with PyYAML reads action.yml: \(result.stderrText)")
        return result.stdoutText
    }

    /// A release folder with an archive whose binary prints `word`, and its SHA256SUMS.
    static func pack(_ word: String, into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder + "/pkg/bin", withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho \(word)\n".utf8).write(to: URL(fileURLWithPath: folder + "/pkg/bin/acceptance-gate"))
        let pack = "chmod +x pkg/bin/acceptance-gate && tar -czf \(asset).tar.gz pkg && sha256sum \(asset).tar.gz > SHA256SUMS"
        let packed = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["bash", "-c", pack], workingDirectory: folder), timeout: .seconds(30))
        try #require(packed.status.isSuccess, "\(packed.stderrText)")
    }

    /// Runs the step; returns its result and what the installed binary prints (`nil` when none).
    static func install(_ root: String, pinnedSums: String = "") throws -> (ProcessResult, String?) {
        let environment = [
            "PATH": "/usr/bin:/bin", "GATE_REPOSITORY": "o/r", "GATE_REF": "v0.1.0", "GATE_ASSET": asset,
            "GATE_DIR": root + "/cache/acceptance-gate", "GATE_RUN_DIR": root + "/run", "GATE_SUMS_SHA256": pinnedSums,
            "SERVER_URL": "file://" + root + "/server", "TMPDIR": root,
        ]
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["bash", "-c", "set -euo pipefail\n" + (try script())], environment: environment),
            timeout: .seconds(60))
        let binary = root + "/run/bin/acceptance-gate"
        guard FileManager.default.isExecutableFile(atPath: binary) else { return (result, nil) }
        let ran = try ProcessSupervisor.standalone.run(ProcessSpec(arguments: [binary]), timeout: .seconds(10))
        return (result, ran.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func aBinaryPlantedInTheCacheIsNeverRunTheReleaseIsFetchedAgain() throws {
        try ScratchFolder.with("action-install") { scratch in
            let release = scratch.file("server/o/r/releases/download/v0.1.0")
            try Self.pack("genuine", into: release)
            let (first, installed) = try Self.install(scratch.path)
            #expect(first.status.isSuccess, "\(first.stdoutText)\(first.stderrText)")
            #expect(installed == "genuine")
            #expect(FileManager.default.fileExists(atPath: scratch.file("cache/acceptance-gate/\(Self.asset).tar.gz")))

            // What a test job that could write the cache would leave: another archive under the same name.
            let planted = scratch.file("planted")
            try Self.pack("planted", into: planted)
            try FileManager.default.removeItem(atPath: scratch.file("cache/acceptance-gate/\(Self.asset).tar.gz"))
            try FileManager.default.copyItem(
                atPath: planted + "/\(Self.asset).tar.gz", toPath: scratch.file("cache/acceptance-gate/\(Self.asset).tar.gz"))
            let (second, reinstalled) = try Self.install(scratch.path)
            #expect(second.status.isSuccess, "\(second.stdoutText)\(second.stderrText)")
            #expect(second.stdoutText.contains("does not match SHA256SUMS; downloading it again"), "\(second.stdoutText)")
            #expect(reinstalled == "genuine", "the planted binary ran")
        }
    }

    @Test func aReleaseWhoseSumsDoNotMatchInstallsNothing() throws {
        try ScratchFolder.with("action-install") { scratch in
            let release = scratch.file("server/o/r/releases/download/v0.1.0")
            try Self.pack("genuine", into: release)
            try Data("\(String(repeating: "0", count: 64))  \(Self.asset).tar.gz\n".utf8)
                .write(to: URL(fileURLWithPath: release + "/SHA256SUMS"))
            let (result, installed) = try Self.install(scratch.path)
            #expect(result.status == .exited(code: 3), "\(result.stdoutText)\(result.stderrText)")
            #expect(result.stdoutText.contains("SHA256SUMS says \(String(repeating: "0", count: 64)); not installed"))
            #expect(installed == nil)
        }
    }

    @Test func aPinnedSumsDigestThatDiffersInstallsNothing() throws {
        try ScratchFolder.with("action-install") { scratch in
            try Self.pack("genuine", into: scratch.file("server/o/r/releases/download/v0.1.0"))
            let (result, installed) = try Self.install(scratch.path, pinnedSums: String(repeating: "a", count: 64))
            #expect(result.status == .exited(code: 3))
            #expect(result.stdoutText.contains("does not have the sums-sha256 you pinned"), "\(result.stdoutText)")
            #expect(installed == nil)
        }
    }
}

//===----------------------------------------------------------------------===//
// ConfigCommandTests.swift: `acceptance-gate config --print-default | --check [FILE]`.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateCLI
import Testing

@Suite("config")
struct ConfigCommandTests {
    /// Writes `text` to a unique temporary file, runs `body` with its path, and removes it.
    private func withFile(_ text: String, _ body: (String) throws -> Void) throws {
        let path = NSTemporaryDirectory() + "config-cmd-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test("--print-default prints JSON that parses back to the embedded default")
    func printDefault() throws {
        let run = GateRun.run(["config", "--print-default"])
        #expect(run.exitCode == .success)
        #expect(run.stderr.isEmpty)
        let parsed = try GateConfiguration.parse(Array(run.stdout.utf8), file: "stdout")
        #expect(parsed == GateConfiguration.embeddedDefault)
        #expect(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) is [String: Any])
    }

    @Test("--check FILE prints ok with the suite count")
    func checkValid() throws {
        try withFile(GateConfiguration.embeddedDefaultJSON) { path in
            let run = GateRun.run(["config", "--check", path])
            #expect(run.exitCode == .success)
            #expect(run.lines == ["ok: 2 suites"])
        }
        try withFile(#"{"suites": [{"name": "a", "kind": "frames"}]}"#) { path in
            #expect(GateRun.run(["config", "--check", path]).lines == ["ok: 1 suite"])
        }
    }

    @Test("--check of an invalid file prints the key path and exits 2")
    func checkInvalid() throws {
        try withFile(#"{"suites": [{"name": "a", "kind": "frames", "timeoutSeconds": "ten"}]}"#) { path in
            let run = GateRun.run(["config", "--check", path])
            #expect(run.exitCode == .usage)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.contains(#"\#(path): suites[0].timeoutSeconds: expected a positive number of seconds, found "ten""#))
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("--check of a missing file names it and exits 2")
    func checkMissing() {
        let path = NSTemporaryDirectory() + "config-cmd-missing-\(getpid()).json"
        let run = GateRun.run(["config", "--check", path])
        #expect(run.exitCode == .usage)
        #expect(run.stderr.contains("\(path): cannot read the configuration: no such file"))
    }

    @Test("neither or both flags are usage errors")
    func usage() {
        #expect(GateRun.run(["config"]).exitCode == .usage)
        #expect(GateRun.run(["config", "--check", "--print-default"]).exitCode == .usage)
        #expect(GateRun.run(["config", "--print-default", "extra.json"]).exitCode == .usage)
    }
}

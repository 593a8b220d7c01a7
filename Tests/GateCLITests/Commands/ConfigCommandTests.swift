//===----------------------------------------------------------------------===//
// ConfigCommandTests.swift: `acceptance-gate config [--config FILE] | --print-default | --check [FILE]`.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateCLI
import GateConfig
import GateTestSupport
import Testing

@Suite("config")
struct ConfigCommandTests {
    /// Writes `text` to a file in a new scratch folder, runs `body` with its path, and removes it.
    private func withFile(_ text: String, _ body: (String) throws -> Void) throws {
        try ScratchFolder.with("config-cmd") { folder in
            try folder.write(text, to: "config.json", mode: 0o644)
            try body(folder.file("config.json"))
        }
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
            #expect(run.stderr.contains(#"\#(path):1:63: suites[0].timeoutSeconds: expected a positive number of seconds, found "ten""#))
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test("a token-like string anywhere in the configuration is refused by key path, never shown, before any other rule")
    func secretsAreRefused() throws {
        let token = FakeGitHubToken.make(seed: 41)
        let cases: [(config: String, keyPath: String, variable: String?)] = [
            (#"{"suites": [{"name": "a", "kind": "frames", "env": {"API_TOKEN": "\#(token)"}}]}"#, "suites[0].env.API_TOKEN", "API_TOKEN"),
            (
                #"{"suites": [{"name": "a", "kind": "command", "command": ["curl", "-H", "Authorization: token \#(token)"]}]}"#,
                "suites[0].command[2]", nil
            ),
            // A wrong type would quote the value: the secret is found first.
            (#"{"suites": [{"name": "a", "kind": "frames", "timeoutSeconds": "\#(token)"}]}"#, "suites[0].timeoutSeconds", nil),
        ]
        for (config, keyPath, variable) in cases {
            try withFile(config) { path in
                for arguments in [["config", "--check", path], ["config", "--config", path]] {
                    let run = GateRun.run(arguments)
                    #expect(run.exitCode == .usage, "\(arguments): \(run.stdout)")
                    #expect(
                        run.stderr.contains("\(path):1:") && run.stderr.contains(": \(keyPath): holds a token-like string"), "\(run.stderr)"
                    )
                    if let variable {
                        #expect(run.stderr.contains("set \(variable) in the CI job's environment"), "\(run.stderr)")
                    }
                    #expect(!run.stdout.contains(String(token.suffix(12))) && !run.stderr.contains(String(token.suffix(12))))
                    #expect(run.stderr.split(separator: "\n").count == 1)
                }
            }
        }
        // A secret only its key's name marks (the rules that read the key beside the value) is found
        // in the file's text; a secret used as a key is never shown, not even in the path.
        var generator = SplitMix64(seed: 53)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        let awsSecret = String((0..<40).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        try withFile(#"{"suites": [{"name": "a", "kind": "frames", "env": {"AWS_SECRET_ACCESS_KEY": "\#(awsSecret)"}}]}"#) { path in
            let run = GateRun.run(["config", "--check", path])
            #expect(run.exitCode == .usage, "\(run.stdout)")
            #expect(run.stderr.contains("suites[0].env.AWS_SECRET_ACCESS_KEY: holds a token-like string"), "\(run.stderr)")
            #expect(!run.stderr.contains(String(awsSecret.suffix(12))))
        }
        try withFile(#"{"suites": [{"name": "a", "kind": "frames", "env": {"\#(token)": "x"}}]}"#) { path in
            let run = GateRun.run(["config", "--check", path])
            #expect(run.exitCode == .usage, "\(run.stdout)")
            #expect(run.stderr.contains("suites[0].env.(a key): holds a token-like string"), "\(run.stderr)")
            #expect(!run.stderr.contains(String(token.suffix(12))) && !run.stderr.contains(String(token.prefix(12))))
        }
        // The fixture's placeholder, and what scan.allow names, are no secrets.
        try withFile(#"{"scan": {"allow": ["\#(token)"]}, "suites": [{"name": "a", "kind": "frames", "env": {"T": "\#(token)"}}]}"#) {
            #expect(GateRun.run(["config", "--check", $0]).exitCode == .success)
        }
    }

    @Test("--check of a missing file names it and exits 2")
    func checkMissing() {
        let path = NSTemporaryDirectory() + "config-cmd-missing-\(getpid()).json"
        let run = GateRun.run(["config", "--check", path])
        #expect(run.exitCode == .usage)
        #expect(run.stderr.contains("\(path): cannot read the configuration: no such file"))
    }

    @Test("both flags, a bare FILE, or --config with a flag are usage errors")
    func usage() {
        #expect(GateRun.run(["config", "--check", "--print-default"]).exitCode == .usage)
        #expect(GateRun.run(["config", "--print-default", "extra.json"]).exitCode == .usage)
        let bare = GateRun.run(["config", "extra.json"])
        #expect(bare.exitCode == .usage)
        #expect(bare.stderr.contains("config --check extra.json") && bare.stderr.contains("config --config extra.json"))
        #expect(bare.stderr.split(separator: "\n").count == 1)
        let mixed = GateRun.run(["config", "--config", "a.json", "--check"])
        #expect(mixed.exitCode == .usage)
        #expect(mixed.stderr.contains("'--config'") && mixed.stderr.contains("'--check'"))
        #expect(GateRun.run(["config", "--repo", ".", "--print-default"]).exitCode == .usage)
    }

    /// The printed document's three parts.
    private func effective(_ run: GateRun) throws -> (source: [String: Any], configuration: String, origins: [String: String]) {
        #expect(run.exitCode == .success, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let source = try #require(document["source"] as? [String: Any])
        let configuration = try #require(document["configuration"])
        let text = try #require(String(data: try JSONSerialization.data(withJSONObject: configuration), encoding: .utf8))
        let origins = try #require(document["origins"] as? [String: String])
        return (source, text, origins)
    }

    @Test("no flag, --config FILE: every default applied, and each setting's origin is the file or the built-in default")
    func effectiveFromOption() throws {
        let text = #"""
            { "suites": [ { "name": "unit", "kind": "xctest", "command": ["swift", "test"], "env": { "A": "1" } } ],
              "scan": { "paths": ["build.log"] } }
            """#
        try withFile(text) { path in
            let run = GateRun.run(["config", "--config", path])
            let (source, configuration, origins) = try effective(run)
            #expect(source["from"] as? String == "--config")
            #expect(source["path"] as? String == path)
            #expect(
                source["sha256"] as? String
                    == LoadedConfiguration(
                        configuration: GateConfiguration.embeddedDefault, source: "", path: nil, root: "/", bytes: Array(text.utf8)
                    ).sha256.hex)
            // The printed configuration means what the file means: parsed back it is the same value.
            var reparsed = try GateConfiguration.parse(Array(configuration.utf8), file: "printed")
            let original = try GateConfiguration.parse(Array(text.utf8), file: path)
            reparsed.signing.keyFileIsExplicit = original.signing.keyFileIsExplicit
            #expect(reparsed == original)
            #expect(run.stdout.contains("\"timeoutSeconds\": 1800"), "defaults are written out: \(run.stdout)")
            for key in ["suites[0].name", "suites[0].kind", "suites[0].command", "suites[0].env.A", "scan.paths"] {
                #expect(origins[key] == path, "\(key): \(origins[key] ?? "absent")")
            }
            for key in [
                "fixture", "suites[0].timeoutSeconds", "suites[0].expectTests", "suites[0].flaky", "scan.allow", "report.dir",
                "signing.keyFile", "git.requireClean",
            ] {
                #expect(origins[key] == EffectiveConfiguration.builtInDefault, "\(key): \(origins[key] ?? "absent")")
            }
            #expect(origins["suites[0].decoder"] == nil, "an xctest suite has no decoder to report")
        }
    }

    @Test("no flag: the repository's acceptance-gate.json, else the embedded default")
    func effectiveFromRepository() throws {
        let scratch = try ScratchFolder("config-effective")
        defer { scratch.remove() }
        let folder = scratch.path

        let embedded = GateRun.run(["config", "--repo", folder])
        let (source, _, origins) = try effective(embedded)
        #expect(source["from"] as? String == "embedded default")
        #expect(source["path"] is NSNull)
        #expect(origins["suites[0].expectTests"] == "embedded default")
        #expect(origins["fixture.ports"] == "embedded default")
        #expect(origins["signing.keyFile"] == EffectiveConfiguration.builtInDefault)

        let file = folder + "/acceptance-gate.json"
        try Data(#"{"fixture": null, "suites": [{"name": "f", "kind": "frames", "limit": 64}]}"#.utf8).write(to: URL(fileURLWithPath: file))
        let found = GateRun.run(["config", "--repo", folder])
        let (repository, configuration, byKey) = try effective(found)
        #expect(repository["from"] as? String == "repository")
        #expect((repository["path"] as? String)?.hasSuffix("/acceptance-gate.json") == true)
        #expect(byKey["fixture"]?.hasSuffix("/acceptance-gate.json") == true, "an explicit null is the file's choice")
        #expect(byKey["suites[0].limit"]?.hasSuffix("/acceptance-gate.json") == true)
        #expect(byKey["suites[0].decoder"] == EffectiveConfiguration.builtInDefault)
        #expect(configuration.contains(#""decoder":"builtin""#))
    }

    @Test("no flag, --config naming a missing or invalid file, or --repo naming no folder: one line, exit 2")
    func effectiveErrors() throws {
        let nowhere = NSTemporaryDirectory() + "config-effective-nowhere-\(getpid())"
        let noFolder = GateRun.run(["config", "--repo", nowhere])
        #expect(noFolder.exitCode == .usage)
        #expect(noFolder.stdout.isEmpty)
        #expect(noFolder.stderr.contains("'--repo \(nowhere)': no such folder"))
        #expect(noFolder.stderr.split(separator: "\n").count == 1)

        let missing = NSTemporaryDirectory() + "config-effective-missing-\(getpid()).json"
        let run = GateRun.run(["config", "--config", missing])
        #expect(run.exitCode == .usage)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("\(missing): cannot read the configuration: no such file"))
        try withFile(#"{"suites": [], "colour": 1}"#) { path in
            let invalid = GateRun.run(["config", "--config", path])
            #expect(invalid.exitCode == .usage)
            #expect(invalid.stderr.split(separator: "\n").count == 1)
        }
    }
}

//===----------------------------------------------------------------------===//
// ReadmeSampleTests.swift: the README's two sample runs are what the gate prints today.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

/// The README shows an accepted and a rejected run as captured from the gate. This runs the same
/// two commands in a scratch repository holding `docs/examples/` and compares line for line, with
/// only what changes from run to run (times, ports, the process id, the commit, the folder) masked,
/// so the samples cannot drift from the tool.
@Suite("README sample runs")
struct ReadmeSampleTests {
    /// The lines of the README's ```` ```console ```` block that starts with `$ <command>`, without it.
    static func sample(of command: String, in readme: String) -> [String]? {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "$ " + command), start > 0, lines[start - 1] == "```console" else { return nil }
        let rest = lines[(start + 1)...]
        guard let end = rest.firstIndex(of: "```") else { return nil }
        return Array(rest[..<end])
    }

    /// `line` with what varies between runs replaced by fixed words.
    static func masked(_ line: String) -> String {
        var text = line
        for (pattern, replacement) in [
            (#"[0-9]+\.[0-9]+s\b"#, "T"), (#"127\.0\.0\.1:[0-9]+"#, "127.0.0.1:PORT"), (#"pid [0-9]+"#, "pid N"),
            (#"\b[0-9a-f]{12}\b"#, "COMMIT"), (#"report in \S+"#, "report in FOLDER"),
            // How far the suites were separated depends on the machine (root or not, namespaces or not).
            (#"^(. isolation +T  ).*$"#, "$1ISOLATION"),
        ] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text
    }

    @Test("the accepted and the rejected sample are the gate's output, up to times, ports, pid, commit and folder")
    func samplesMatch() throws {
        let readme = try RepositoryFiles.text("README.md")
        let folder = try ScratchFolder("readme-sample")
        defer { folder.remove() }
        let scratch = folder.path
        try folder.makeFolder("docs")
        try FileManager.default.copyItem(
            atPath: RepositoryFiles.root.appendingPathComponent("docs/examples").path, toPath: folder.file("docs/examples"))
        try folder.write("/.acceptance-gate/\n", to: ".gitignore", mode: 0o644)
        // The scratch folder's git leaves the user's git set-up out of the commit the samples stamp.
        try folder.makeRepository(files: [:])
        var environment = ProcessSpec.currentEnvironment
        for variable in ["CI", "GITHUB_ACTIONS", "NO_COLOR", "ACCEPTANCE_GATE_SIGNING_KEY"] { environment[variable] = nil }
        for (example, code) in [("accepted", Int32(0)), ("rejected", Int32(1))] {
            let command = "acceptance-gate run --config docs/examples/\(example).json"
            let shown = try #require(Self.sample(of: command, in: readme), "the README has no sample of '\(command)'")
            let result = try ProcessSupervisor.standalone.run(
                ProcessSpec(
                    arguments: [BuildProducts.gate, "run", "--config", "docs/examples/\(example).json"], environment: environment,
                    workingDirectory: scratch), timeout: .seconds(120))
            #expect(result.status == .exited(code: code), "\(example): \(result.stderrText)")
            let printed = (result.stdoutText + result.stderrText).split(separator: "\n").map(String.init)
            #expect(printed.map(Self.masked) == shown.map(Self.masked), "\(example): the README's sample differs from the gate's output")
        }
    }

    @Test("masking keeps the words and replaces only what varies")
    func masking() {
        #expect(
            Self.masked("✓ fixture                    0.07s  origin=http://127.0.0.1:40473 foreign=http://127.0.0.1:38979, pid 3313")
                == "✓ fixture                    T  origin=http://127.0.0.1:PORT foreign=http://127.0.0.1:PORT, pid N")
        #expect(
            Self.masked("accepted: 1 suite(s), 2 test(s) at 0768e8c447c7; report in /tmp/shop/x")
                == "accepted: 1 suite(s), 2 test(s) at COMMIT; report in FOLDER")
        #expect(
            Self.masked("✓ isolation                  0.03s  none (the gate runs as uid 501, not root)")
                == "✓ isolation                  T  ISOLATION")
        #expect(Self.sample(of: "x", in: "```console\n$ x\none\ntwo\n```\n") == ["one", "two"])
        #expect(Self.sample(of: "x", in: "```sh\n$ x\none\n```\n") == nil)
    }
}

// SuiteNetworkRunTests.swift
//
// A separated suite's network through `acceptance-gate run`, the gate as root: the built-in
// fixture answers at the same 127.0.0.1 URLs as unseparated, an address out is refused at once and
// lands in report.json, and `network: "host"` reaches a listener of the host's the default cannot.

import Foundation
import GateProcess
import GateReport
import GateTestSupport
import Testing

@Suite("a separated suite's network", .serialized, .timeLimit(.minutes(3)))
struct SuiteNetworkRunTests {
    /// A repository whose suites run these bash scripts, with the built-in fixture.
    static func repository(_ suites: [(name: String, network: String?, script: String)]) throws -> RunCommandTests.Scratch {
        let scratch = try RunCommandTests.Scratch(config: "{}")
        chmod(scratch.root, 0o755)
        let entries = suites.map { suite in
            let script = suite.script.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            let network = suite.network.map { #", "network": "\#($0)""# } ?? ""
            return
                #"{ "name": "\#(suite.name)", "kind": "command", "command": ["bash", "-c", "\#(script)"], "timeoutSeconds": 60\#(network) }"#
        }
        let config =
            #"{ "fixture": { "builtin": "redirect", "ports": "auto", "expect": { "foreignRequests": 0 } }, "suites": [ "#
            + entries.joined(separator: ", ") + " ] }"
        try config.write(toFile: scratch.repository + "/acceptance-gate.json", atomically: true, encoding: .utf8)
        try scratch.folder.git(["commit", "-q", "-am", "network"], in: "repo")
        return scratch
    }

    /// Runs the gate on `scratch` and reads its report.
    static func run(_ scratch: RunCommandTests.Scratch, extra: [String] = []) throws -> (output: String, report: GateReport) {
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(
                arguments: [BuildProducts.gate, "run", "--repo", scratch.repository, "--out", scratch.out] + extra,
                environment: [
                    "PATH": "/usr/local/bin:/usr/bin:/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""), "HOME": scratch.root,
                    "ACCEPTANCE_GATE_SUITE_CACHE": scratch.folder.file("cache"),
                ]), timeout: .seconds(150))
        let output = result.stdoutText + result.stderrText
        guard FileManager.default.fileExists(atPath: scratch.out + "/report.json") else {
            throw SupportFailure("no report.json: \(output)")
        }
        return (output, try scratch.decodedReport())
    }

    /// An HTTP GET of `url` (`http://127.0.0.1:PORT/path`) in bash: the status line, or `refused`.
    static let get = """
        get() { local rest=${1#http://127.0.0.1:}; local port=${rest%%/*}; local path=/${rest#*/}
          [ "$rest" = "$port" ] && path=/
          { exec 3<>/dev/tcp/127.0.0.1/$port; } 2>/dev/null || { echo refused; return; }
          printf 'GET %s HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n' "$path" >&3
          head -1 <&3 | tr -d '\\r'; exec 3>&-; }
        """

    @Test(.enabled(if: TestMachine.isLinuxRoot, "a network of the suite's own needs a root gate on Linux"))
    func theFixtureAnswersAsUnseparatedAndAnAddressOutIsRecorded() throws {
        let listener = try AnsweringListener()
        defer { listener.stop() }
        let scratch = try Self.repository([
            (
                "http", nil,
                Self.get + "\nget \"$ACCEPTANCE_GATE_ORIGIN_URL/target\"; get \"$ACCEPTANCE_GATE_ORIGIN_URL/start\""
            ),
            (
                "out", nil,
                """
                start=$(date +%s%N)
                # Bounded: unseparated (the comparison run below), TEST-NET would hang until a timeout.
                timeout 2 bash -c '{ exec 3<>/dev/tcp/192.0.2.1/443; } 2>/dev/null' && echo reached || echo refused
                timeout 2 bash -c '{ exec 3<>/dev/tcp/2606:4700:4700::1111/443; } 2>/dev/null' && echo reached || echo refused
                { exec 3<>/dev/tcp/127.0.0.1/\(listener.port); } 2>/dev/null && echo reached || echo refused
                echo "took $(( ($(date +%s%N) - start) / 1000000 )) ms"
                """
            ),
            ("wide", "host", "{ exec 3<>/dev/tcp/127.0.0.1/\(listener.port); } 2>/dev/null && echo reached || echo refused"),
        ])
        defer { scratch.folder.remove() }
        let separated = try Self.run(scratch)
        let log = { (name: String) in (try? String(contentsOfFile: scratch.out + "/logs/\(name).log", encoding: .utf8)) ?? "" }
        let fixtureAnswers = log("http")
        let isolation = try #require(separated.report.isolation, "\(separated.output)")
        #expect(isolation.mechanism == .namespaces && isolation.network == "loopback", "\(isolation)")
        #expect(isolation.namespaces.contains("net"))
        #expect(separated.report.verdict == .accepted, "\(separated.output)")
        #expect(fixtureAnswers.hasPrefix("HTTP/1.1 200 OK\nHTTP/1.1 302 Found\n"), "\(fixtureAnswers)")
        let out = log("out")
        #expect(out.components(separatedBy: "\n").prefix(3) == ["refused", "refused", "refused"], "\(out)")
        let took = out.components(separatedBy: "took ").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? .max
        #expect(took < 1000, "refused at once, not after a timeout: \(out)")
        #expect(log("wide").hasPrefix("reached"), "network host reaches the host's loopback: \(log("wide"))")
        let networks = Dictionary(uniqueKeysWithValues: (isolation.suites ?? []).map { ($0.suite, $0) })
        #expect(networks["http"]?.network == "loopback" && networks["http"]?.egress == [])
        #expect(networks["wide"]?.network == "host")
        #expect(isolation.hostNetworkSuites == ["wide"])
        let egress = networks["out"]?.egress ?? []
        #expect(egress.contains(ReportEgress(protocol: "tcp", destination: "192.0.2.1:443", count: 1)), "\(egress)")
        #expect(!egress.contains { $0.destination.hasPrefix("127.") }, "loopback is not egress: \(egress)")
        #expect(separated.output.contains("suite 'out': "), "the console says what was refused: \(separated.output)")
        let summary = (try? String(contentsOfFile: scratch.out + "/summary.md", encoding: .utf8)) ?? ""
        #expect(summary.contains("tcp 192.0.2.1:443"), "\(summary)")

        // Unseparated, the same suite gets the same answers from the same URLs.
        let unseparated = try Self.run(scratch, extra: ["--isolation", "off"])
        #expect(unseparated.report.isolation?.mechanism == ReportIsolationMechanism.none)
        #expect(log("out").contains("refused\nreached\n"), "unseparated, the host's listener is reached: \(log("out"))")
        let answers = { (log: String) in log.split(separator: "\n").prefix(2) }
        #expect(answers(log("http")) == answers(fixtureAnswers), "\(log("http")) vs \(fixtureAnswers)")
    }
}

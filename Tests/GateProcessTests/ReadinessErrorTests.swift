// ReadinessErrorTests.swift
//
// The messages of the readiness errors: one sentence, naming the probe and the child's last output.

import GateProcess
import Testing

@Suite("Readiness errors")
struct ReadinessErrorTests {
    @Test(arguments: [
        GateProcessError.invalidProbe(probe: "tcp localhost:80", detail: "the host 'localhost' is not an IPv4 literal"),
        .notReady(command: "foo", probe: "tcp 127.0.0.1:8765", detail: "connection refused", lastLines: ["a", "b\u{1B}[0m"]),
        .notReady(command: "", probe: "http GET http://127.0.0.1:1/", detail: "connection refused", lastLines: []),
        .exitedBeforeReady(command: "foo", status: .signalled(signal: 9), probe: "line containing \"READY\"", lastLines: ["x"]),
    ])
    func everyDescriptionIsOneActionableSentence(_ error: GateProcessError) {
        let text = error.description
        #expect(!text.isEmpty)
        #expect(!text.contains("\n"))
        #expect(!text.contains("\u{1B}"), "control characters are escaped")
        #expect(text.contains(";"), "names what happened, then what to do")
    }

    @Test func notReadyNamesTheProbeTheReasonAndTheLastLines() {
        let text = GateProcessError.notReady(
            command: "server", probe: "tcp 127.0.0.1:8765", detail: "connection refused", lastLines: ["listening soon", "still \"busy\""]
        ).description
        #expect(text.hasPrefix("'server' was not ready by the deadline: tcp 127.0.0.1:8765 did not pass (connection refused)"))
        #expect(text.contains("it printed last: \"listening soon\" | \"still \\\"busy\\\"\""))
    }

    @Test func exitedBeforeReadySaysHowItEnded() {
        let text = GateProcessError.exitedBeforeReady(command: "server", status: .exited(code: 2), probe: "tcp 127.0.0.1:1", lastLines: [])
            .description
        #expect(text.hasPrefix("'server' exited with code 2 before it was ready (waiting for tcp 127.0.0.1:1)"))
        #expect(text.contains("it printed nothing on stdout"))
    }
}

//===----------------------------------------------------------------------===//
// ExternalFrameDecodingTests.swift
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import Testing

@testable import FrameConformance

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("ExternalFrameDecoding")
struct ExternalFrameDecodingTests {
    let inputs = [CaseInput([0x01, 0x00, 0x00, 0x00, 0x00]), CaseInput([]), CaseInput([0x02])]

    @Test("answers are read back in order, in every form the protocol allows")
    func answers() throws {
        let decoder = ExternalFrameDecoding(command: ["sh", "-c", "cat >/dev/null; printf 'ok\\nerror truncated\\r\\nerror version\\n'"])
        #expect(try decoder.outcomes(for: inputs) == [.payload([]), .error(.truncated), .error(.version)])
    }

    @Test("the inputs arrive as one lowercase hex line each, the empty input as an empty line")
    func inputsAsHex() throws {
        // The decoder echoes its stdin back as 'ok <line>', so the answer shows what it was sent.
        let echo = ExternalFrameDecoding(command: ["sh", "-c", "while IFS= read -r line; do echo \"ok $line\"; done"])
        let outcomes = try echo.outcomes(for: [CaseInput([0xAB, 0x01]), CaseInput([0x00])])
        #expect(outcomes == [.payload([0xAB, 0x01]), .payload([0x00])])
        let empty = ExternalFrameDecoding(command: [
            "sh", "-c", "while IFS= read -r line; do [ -z \"$line\" ] && echo 'error truncated'; done",
        ])
        #expect(try empty.outcomes(for: [CaseInput([])]) == [.error(.truncated)])
    }

    @Test(
        "a decoder that cannot be asked is an error that names it and says what went wrong",
        arguments: [
            (["sh", "-c", "cat >/dev/null; echo 'no good' >&2; exit 3"], "it exited with code 3 after 3 inputs; it last printed: no good"),
            (["sh", "-c", "cat >/dev/null; echo ok"], "answered 1 of 3 lines"),
            (["sh", "-c", "cat >/dev/null; printf 'ok\\nmaybe\\nok\\n'"], "answered line 2 with 'maybe'"),
            (["sh", "-c", "cat >/dev/null; printf 'ok\\nok\\nok\\nok\\n'"], "answered line 4 with 'an answer to no input"),
            (["/nonexistent/decoder"], "decoder '/nonexistent/decoder' could not be run"),
        ])
    func failures(command: [String], message: String) {
        let decoder = ExternalFrameDecoding(command: command)
        do {
            _ = try decoder.outcomes(for: inputs)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.description.contains("decoder '\(command.joined(separator: " "))'"))
        }
    }

    @Test("a decoder that hangs is stopped at the deadline")
    func hang() {
        let decoder = ExternalFrameDecoding(command: ["sleep", "30"], timeout: .milliseconds(300))
        let start = ContinuousClock.now
        #expect(throws: ConformanceError.self) { try decoder.outcomes(for: inputs) }
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test("an interrupted run stops the decoder at once: it runs under the run's supervisor")
    func interrupted() throws {
        let monitor = InterruptMonitor(signals: [], stopGrace: .milliseconds(300))
        let decoder = ExternalFrameDecoding(
            command: ["sleep", "47"], timeout: .seconds(60), supervisor: ProcessSupervisor(monitor: monitor))
        let start = ContinuousClock.now
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) { monitor.interrupt(with: SIGINT) }
        do {
            _ = try decoder.outcomes(for: inputs)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("signal"), "\(error.description)")
        }
        #expect(ContinuousClock.now - start < .seconds(5), "not the 60-second deadline")
    }

    @Test("a shell decoder that answers 'ok' to everything fails every rejecting point")
    func yesDecoder() throws {
        let decoder = ExternalFrameDecoding(command: ["sh", "-c", "while IFS= read -r line; do echo ok; done"])
        let report = try ConformanceRunner(suite: ConformanceSuite(limit: 16, exhaustiveUpTo: 64), minimiseBudget: 64).run(against: decoder)
        #expect(report.points.map(\.holds) == [false, false, false, false])
        #expect(report.lines().last == "frames check: 0 of 4 acceptance points hold; FAILED")
    }
}

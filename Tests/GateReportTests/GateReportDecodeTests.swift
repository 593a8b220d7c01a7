//===----------------------------------------------------------------------===//
// GateReportDecodeTests.swift: reading report.json through the strict reader, and what it refuses.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import Testing

@testable import GitStamp

@Suite("report.json read strictly")
struct GateReportDecodeTests {
    /// A report with every optional part: shards, frames, quarantine, guarantees, a log tail.
    static var full: GateReport {
        var report = SampleReports.rejected(findings: 40, failedTests: 25)
        report.shards = [
            ReportShard(
                name: "linux", verdict: .accepted, exitCode: 0, commit: SampleReports.commitID,
                configSha256: String(repeating: "c", count: 64),
                envelopeSha256: String(repeating: "e", count: 64), reportSha256: String(repeating: "d", count: 64), keyid: "k1",
                startedAt: "2025-01-01T00:00:00.000Z", finishedAt: "2025-01-01T00:01:00.000Z", suites: 2, tests: 31, problems: 0)
        ]
        report.frames = ReportFrames(points: [ReportFramePoint(name: "split", passed: false, detail: "byte 3")], cases: 1200)
        report.suites[0].tests.append(
            ReportTest(
                name: "Flaky.test", status: .passed, durationSeconds: 3, module: "M", file: "Tests/F.swift", line: 12, retried: true,
                flaky: true, quarantine: ReportQuarantine(owner: "team", reason: "#12", expires: "2026-01-01"), framework: "swift-testing"))
        report.suites[0].logTail = ["last line", ""]
        report.suites[0].unreadTestLines = 2
        report.fixture?.exit = ReportFixtureExit(
            code: nil, signal: 15, verified: false, leftovers: [ReportProcess(pid: 77, command: "sleep 9")], portsReleased: false,
            guarantees: ReportGuarantees(subreaper: true, descendantNaming: false, groupEmptinessChecked: true, missing: ["naming"]))
        report.commit?.changedDuringRun = ["HEAD (moved)", "a.swift"]
        report.signature = ReportSignature(signed: true, keyid: "k1", envelope: "report.dsse.json", method: ReportSignature.runMethod)
        return report
    }

    /// The reports the gate writes, as its helpers build them.
    static var written: [GateReport] {
        [
            SampleReports.accepted, SampleReports.rejected(), SampleReports.rejected(findings: 0, failedTests: 0), SampleReports.aborted,
            full,
        ]
    }

    /// The `(keyPath, problem)` of the `notAReport` that decoding `bytes` throws; `nil` if it decodes.
    private func refusal(_ bytes: [UInt8]) -> (keyPath: String, problem: String)? {
        do throws(GateReportError) {
            _ = try GateReport.decode(bytes, source: "in.json")
            return nil
        } catch {
            guard case .notAReport(let source, let keyPath, let problem) = error, source == "in.json" else { return ("?", "\(error)") }
            return (keyPath, problem)
        }
    }

    private func refusal(_ text: String) -> (keyPath: String, problem: String)? { refusal(Array(text.utf8)) }

    /// The accepted sample as the gate writes it, with `original` (there exactly once) replaced.
    private func accepted(replacing original: String, with replacement: String) throws -> String {
        let text = String(decoding: try SampleReports.accepted.jsonBytes(), as: UTF8.self)
        try #require(text.components(separatedBy: original).count == 2, "'\(original)' is not in the sample once")
        return text.replacingOccurrences(of: original, with: replacement)
    }

    @Test("every report the gate writes decodes to the report, equal to what JSONDecoder made of the same bytes")
    func sameAsJSONDecoder() throws {
        for report in Self.written {
            let bytes = try report.jsonBytes()
            let strict = try GateReport.decode(bytes, source: "report.json")
            #expect(strict == report)
            #expect(strict == (try JSONDecoder().decode(GateReport.self, from: Data(bytes))))
            #expect(try strict.jsonBytes() == bytes)
        }
    }

    @Test("keys the report does not know are ignored, as JSONDecoder ignored them")
    func unknownKeys() throws {
        let text = try accepted(replacing: #""logs" : ["#, with: #""later" : {"x" : [1, null]}, "logs" : ["#)
            .replacingOccurrences(of: #""kind" : "xctest","#, with: #""kind" : "xctest", "extra" : true,"#)
        let strict = try GateReport.decode(Array(text.utf8), source: "in.json")
        #expect(strict == SampleReports.accepted)
        #expect(strict == (try JSONDecoder().decode(GateReport.self, from: Data(text.utf8))))
    }

    @Test("a key twice is refused with the object's key path, the key, and its line and column")
    func duplicateKey() throws {
        let text = try accepted(replacing: #""name" : "redirect-boundary","#, with: #""name" : "redirect-boundary", "name" : "other","#)
        let second = try #require(text.range(of: #""name" : "other""#)).lowerBound
        let before = text[..<second]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        let found = try #require(refusal(text))
        #expect(found.keyPath == "suites[0]")
        #expect(found.problem == "line \(line), column \(column): duplicate key 'name'")
        let top = try #require(refusal(#"{"schemaVersion": 1, "schemaVersion": 1}"#))
        #expect(top.keyPath == "(top level)")
        #expect(top.problem == "line 1, column 22: duplicate key 'schemaVersion'")
    }

    @Test("nesting 1,000 deep is refused at the depth limit, without a crash")
    func deepNesting() throws {
        let text =
            #"{"schemaVersion": 1, "gateVersion": "# + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000) + "}"
        let found = try #require(refusal(text))
        #expect(found.keyPath.hasPrefix("gateVersion[0][0]"))
        #expect(found.problem.hasSuffix("nested deeper than 64 levels"))
        #expect(found.problem.hasPrefix("line 1, column 100: "), "the 64th '[' after the object")
    }

    @Test("a report larger than 64 MiB is refused before it is read")
    func tooLarge() throws {
        let bytes = try SampleReports.accepted.jsonBytes()
        let padded = bytes + [UInt8](repeating: 0x20, count: GateReport.maximumJSONSize + 1 - bytes.count)
        let found = try #require(refusal(padded))
        #expect(found.keyPath == "(top level)")
        #expect(found.problem == "line 1, column 1: the text is larger than \(GateReport.maximumJSONSize) bytes")
        #expect(refusal(Array(padded.dropLast())) == nil, "exactly the limit is read")
    }

    @Test(
        "type errors keep their key-path messages",
        arguments: [
            (#""gateVersion" : "0.1.0",\#n  "logs""#, #""gateVersion" : 3, "logs""#, "gateVersion", "expected a string"),
            (#""gateVersion" : "0.1.0",\#n  "logs""#, #""gateVersion" : null, "logs""#, "gateVersion", "expected a string, found null"),
            (
                #"testSameOriginRedirectSucceeds",\#n          "status" : "passed""#, #"testSameOriginRedirectSucceeds", "status" : null"#,
                "suites[0].tests[0].status", "expected a string, found null"
            ),
            (#""suites" : ["#, #""suites" : null, "x" : ["#, "suites", "expected an array, found null"),
            (#""commit" : {"#, #""commit" : 5, "x" : {"#, "commit", "expected an object"),
            (#""verified" : true"#, #""verified" : "yes""#, "fixture.exit.verified", "expected true or false"),
            (#""readySeconds" : 0.042"#, #""readySeconds" : "0.042""#, "fixture.readySeconds", "expected a number"),
            (#""pid" : 4242"#, #""pid" : "4242""#, "fixture.pid", "expected a number"),
            (#""how" : "terminated""#, #""how" : "politely""#, "fixture.stop.how", "unexpected value"),
            (#""gateVersion" : "0.1.0",\#n  "logs""#, #""logs""#, "gateVersion", "missing"),
        ])
    func typeErrors(original: String, replacement: String, keyPath: String, problem: String) throws {
        let found = try #require(refusal(try accepted(replacing: original, with: replacement)))
        #expect(found.keyPath == keyPath)
        #expect(found.problem == problem)
    }

    @Test(
        "an integer field refuses a fraction, an exponent and what Int cannot hold, and throws rather than traps",
        arguments: [
            (#""pid" : 4242"#, #""pid" : 42.5"#, "fixture.pid", "expected a whole number, found 42.5"),
            (#""pid" : 4242"#, #""pid" : 4242.0"#, "fixture.pid", "expected a whole number without a fraction or exponent, found 4242"),
            (
                #""pid" : 4242"#, #""pid" : 99999999999999999999"#, "fixture.pid",
                "the number 1e+20 is out of range (-9223372036854775808 to 9223372036854775807)"
            ),
            (
                #""schemaVersion" : 1"#, #""schemaVersion" : 1e0"#, "schemaVersion",
                "expected a whole number without a fraction or exponent, found 1"
            ),
            (#""pid" : 4242"#, #""pid" : 1e400"#, "fixture.pid", "not valid JSON: line "),
        ])
    func integers(original: String, replacement: String, keyPath: String, problem: String) throws {
        let found = try #require(refusal(try accepted(replacing: original, with: replacement)))
        #expect(found.keyPath == keyPath)
        #expect(found.problem.hasPrefix(problem))
    }

    @Test("a floating-point field takes an integer")
    func doubles() throws {
        let text = try accepted(replacing: #""readySeconds" : 0.042"#, with: #""readySeconds" : 3"#)
        #expect(try GateReport.decode(Array(text.utf8), source: "in.json").fixture?.readySeconds == 3)
    }

    @Test("a huge array decodes; a huge array where the report goes names the top level")
    func hugeArrays() throws {
        var report = SampleReports.aborted
        report.reasons = (0..<200_000).map { "reason \($0)" }
        #expect(try GateReport.decode(try report.jsonBytes(), source: "in.json") == report)
        let zeros = "[" + String(repeating: "0,", count: 1_000_000) + "0]"
        let found = try #require(refusal(zeros))
        #expect(found.keyPath == "(top level)")
        #expect(found.problem == "expected an object")
    }

    @Test(
        "the wrong type at the top level names the top level",
        arguments: [
            ("[1, 2]", "expected an object"), ("\"report\"", "expected an object"), ("3", "expected an object"),
            ("null", "expected an object, found null"),
            ("", "not valid JSON: line 1, column 1: expected a JSON value, found the end of the file"),
        ])
    func topLevel(text: String, problem: String) {
        #expect(refusal(text)?.keyPath == "(top level)")
        #expect(refusal(text)?.problem == problem)
    }

    @Test("syntax errors name the line and column")
    func syntax() throws {
        let found = try #require(refusal("{\n  \"schemaVersion\" : 1,\n}\n"))
        #expect(found.keyPath == "(top level)")
        #expect(found.problem == "not valid JSON: line 3, column 1: expected a quoted key, found '}'")
    }

    @Test("bytes that are not UTF-8 are refused where they are, UTF-16 too (JSONDecoder read it)")
    func notUTF8() throws {
        let marked = try accepted(replacing: #""gateVersion" : "0.1.0",\#n  "logs""#, with: #""gateVersion" : "0.1.0~", "logs""#)
        var bytes = Array(marked.utf8)
        let marker = try #require(marked.range(of: "0.1.0~")).upperBound
        bytes[marked.utf8.distance(from: marked.startIndex, to: marker) - 1] = 0xFF
        let found = try #require(refusal(bytes))
        #expect(found.keyPath == "gateVersion")
        #expect(found.problem.hasPrefix("not valid JSON: line "))
        #expect(found.problem.hasSuffix(": a string is not valid UTF-8"))

        let text = String(decoding: try SampleReports.accepted.jsonBytes(), as: UTF8.self)
        let utf16 = Array(try #require(text.data(using: .utf16LittleEndian)))
        #expect((try? JSONDecoder().decode(GateReport.self, from: Data(utf16))) != nil, "JSONDecoder reads UTF-16")
        let wide = try #require(refusal(utf16))
        #expect(wide.keyPath == "(top level)")
        #expect(wide.problem == "not valid JSON: line 1, column 2: expected a quoted key, found byte 0x0")
        #expect(
            refusal([0x7B, 0xE9, 0x7D])?.problem == "not valid JSON: line 1, column 2: expected a quoted key, found a non-ASCII character")
    }
}

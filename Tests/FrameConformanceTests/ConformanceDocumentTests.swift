//===----------------------------------------------------------------------===//
// ConformanceDocumentTests.swift
//===----------------------------------------------------------------------===//

import Foundation
import FrameCodec
import Testing

@testable import FrameConformance

@Suite("ConformanceDocument", .timeLimit(.minutes(1)))
struct ConformanceDocumentTests {
    /// A failing run at a small limit: every field of the document has something in it.
    static func failingResult() throws -> ConformanceResult {
        let runner = ConformanceRunner(suite: ConformanceSuite(limit: 64, exhaustiveUpTo: 4_096))
        return ConformanceResult(try runner.run(against: FaultyDecoder(fault: .ignoresTrailing, limit: 64)))
    }

    @Test("a result and a failure come back from their JSON unchanged")
    func roundTrip() throws {
        let result = try Self.failingResult()
        #expect(!result.passed)
        #expect(result.points.contains { $0.counterexample != nil })
        let document = ConformanceDocument.result(result)
        #expect(!document.json.contains("\n"), "one line")
        #expect(try ConformanceDocument(jsonBytes: Array(document.json.utf8)) == document)
        let failure = ConformanceDocument.failure("decoder 'x' could not be run: no such file")
        #expect(try ConformanceDocument(jsonBytes: Array(failure.json.utf8)) == failure)
    }

    @Test("the result keeps the report's lines, counts and the minimised counterexample's head")
    func resultOfReport() throws {
        let runner = ConformanceRunner(suite: ConformanceSuite(limit: 64, exhaustiveUpTo: 4_096))
        let report = try runner.run(against: FaultyDecoder(fault: .ignoresTrailing, limit: 64))
        let result = ConformanceResult(report)
        #expect(result.lines == report.lines())
        #expect(result.caseCount == report.caseCount)
        #expect(result.points.map(\.holds) == report.points.map(\.holds))
        let failing = try #require(report.points.first { !$0.holds }?.minimised)
        let example = try #require(result.points.first { !$0.holds }?.counterexample)
        #expect(example.head == Array(failing.minimal.prefix(64)))
        #expect(example.expected == failing.signature.expected && example.actual == failing.signature.actual)
    }

    @Test("text the reader would refuse is written printable: a decoder's control characters never break the document")
    func writesPrintable() throws {
        let failure = ConformanceDocument.failure("decoder 'x' could not be run: it last printed: \u{1B}[2J\r\nboom")
        let read = try ConformanceDocument(jsonBytes: Array(failure.json.utf8))
        guard case .failure(let message) = read else {
            Issue.record("not a failure: \(read)")
            return
        }
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
        #expect(message.hasSuffix("boom"))
    }

    @Test(
        "a hostile document is a typed error, never a trap",
        arguments: [
            ("duplicate key", "{\"format\": 1,", "{\"format\": 1, \"format\": 1,"),
            ("unknown key", "{\"format\": 1,", "{\"format\": 1, \"verdict\": \"accepted\","),
            ("wrong format", "{\"format\": 1,", "{\"format\": 2,"),
            ("points out of order", "\"valid-frames\"", "\"trailing-bytes\""),
            ("cases that do not add up", "\"cases\": ", "\"cases\": 1"),
            ("holds against its counts", "\"holds\": false", "\"holds\": true"),
            ("negative count", "\"passed\": ", "\"passed\": -"),
            ("huge count", "\"total\": ", "\"total\": 99999999999999999999"),
            ("bad hex", "\"hex\": \"", "\"hex\": \"zz"),
            ("a control character", "\"lines\": [\"", "\"lines\": [\"\\u001b[2J"),
            ("a string for a count", "\"passed\": ", "\"passed\": \"1\", \"x\": "),
        ])
    func hostile(name: String, find: String, replacement: String) throws {
        let json = ConformanceDocument.result(try Self.failingResult()).json
        #expect(json.contains(find), "\(name): the edit applies")
        let bytes = Array(json.replacingOccurrences(of: find, with: replacement).utf8)
        #expect(throws: ConformanceDocumentError.self, "\(name)") { try ConformanceDocument(jsonBytes: bytes) }
    }

    @Test(
        "text that is no document is a typed error",
        arguments: ["", "[1, 2]", "{}", "null", String(repeating: "[", count: 100), "{\"format\": 1, \"failure\": 7}", "{\"format\": 1"])
    func notADocument(text: String) {
        #expect(throws: ConformanceDocumentError.self) { try ConformanceDocument(jsonBytes: Array(text.utf8)) }
    }

    @Test("a document over the size bound is refused before it is parsed")
    func tooLarge() {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: ConformanceDocument.maximumBytes + 1)
        #expect(throws: ConformanceDocumentError.tooLarge(limit: ConformanceDocument.maximumBytes)) {
            try ConformanceDocument(jsonBytes: bytes)
        }
    }

    @Test("invalid UTF-8 is refused")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("{\"format\": 1, \"failure\": \"".utf8) + [0xC0, 0x80] + Array("\"}".utf8)
        #expect(throws: ConformanceDocumentError.self) { try ConformanceDocument(jsonBytes: bytes) }
    }
}

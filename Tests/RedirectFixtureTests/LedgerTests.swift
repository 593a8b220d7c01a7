//===----------------------------------------------------------------------===//
// LedgerTests.swift: the ledger's JSON form and file.
//===----------------------------------------------------------------------===//

import Foundation
import Testing

@testable import RedirectFixture

@Suite("ledger")
struct LedgerTests {
    private let sample = Ledger(
        origin: ListenerLedger(port: 8765, requests: 2, paths: ["/start", "/same"], headerNames: ["host", "x-test-token"]),
        foreign: ListenerLedger(port: 8766))

    @Test("the JSON has design.md's shape with a fixed key order")
    func shape() {
        #expect(
            sample.json
                == #"{"origin": {"port": 8765, "requests": 2, "paths": ["/start", "/same"], "headerNames": ["host", "x-test-token"], "connections": 0}, "#
                + #""foreign": {"port": 8766, "requests": 0, "paths": [], "headerNames": [], "connections": 0}}"#)
    }

    @Test("the JSON reads back to the same ledger, and Foundation agrees it is JSON")
    func roundTrip() throws {
        let bytes = Array(sample.json.utf8)
        #expect(try Ledger(jsonBytes: bytes) == sample)
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        #expect(object?.keys.sorted() == ["foreign", "origin"])
    }

    @Test("strings are escaped")
    func escaping() throws {
        var ledger = sample
        ledger.origin.paths = ["/a\"b\\c", "/\u{01}"]
        #expect(ledger.json.contains(#"["/a\"b\\c", "/\u0001"]"#))
        #expect(try Ledger(jsonBytes: Array(ledger.json.utf8)) == ledger)
    }

    @Test("malformed JSON is a typed error naming what is wrong")
    func malformed() {
        #expect(
            throws: FixtureError.malformedLedger(
                detail: "it is not valid JSON (line 1, column 2: expected a quoted key, found the end of the file)")
        ) {
            try Ledger(jsonBytes: Array("{".utf8))
        }
        #expect(throws: FixtureError.malformedLedger(detail: "the key 'foreign' is missing")) {
            try Ledger(
                jsonBytes: Array(#"{"origin": {"port": 1, "requests": 0, "paths": [], "headerNames": [], "connections": 0}}"#.utf8))
        }
    }

    @Test("write(toFile:) replaces the file whole and leaves no temporary file")
    func atomicWrite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-ledger-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("ledger.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try sample.write(toFile: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == sample.json + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["ledger.json"])
    }

    @Test("a ledger that cannot be written is a typed error; canWrite(toFile:) predicts it")
    func unwritable() {
        #expect(!Ledger.canWrite(toFile: "/nonexistent-dir/ledger.json"))
        #expect(!Ledger.canWrite(toFile: "/tmp"))
        #expect(!Ledger.canWrite(toFile: ""))
        #expect(Ledger.canWrite(toFile: "/tmp/ledger.json"))
        #expect(Ledger.canWrite(toFile: "ledger.json") == (access(".", W_OK) == 0))
        #expect(throws: FixtureError.ledgerWriteFailed(path: "/nonexistent-dir/l.json", call: "open", errno: ENOENT)) {
            try sample.write(toFile: "/nonexistent-dir/l.json")
        }
    }
}

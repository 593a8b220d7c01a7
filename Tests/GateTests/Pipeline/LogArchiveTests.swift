//===----------------------------------------------------------------------===//
// LogArchiveTests.swift: the archived copy is checked as written, not as it was scanned.
//===----------------------------------------------------------------------===//

import Foundation
import GatePublishing
import GateTestSupport
import Testing
import TokenScan

@testable import Gate

@Suite("log archive")
struct LogArchiveTests {
    private func scratch() throws -> String {
        let folder = try ScratchFolder("gate-archive")
        try folder.makeFolder("logs")
        return folder.path + "/"
    }

    @Test func aTokenWrittenAfterTheScanIsFoundInTheBytesWrittenAndRedacted() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let token = FakeGitHubToken.make(seed: 0xA11CE)
        // The scan saw a clean file (no findings); a survivor appended a token before the archive.
        let redactor = ReportRedactor(
            scanner: TokenScanner(configuration: ScanConfiguration(allow: [], fingerprintKey: Array("test".utf8))))
        let outcome = try LogArchive.archive(
            Array("clean line\nleaked \(token)\n".utf8), to: folder + "logs/unit.log", findings: [], redactor: redactor,
            displayPath: "logs/unit.log")
        #expect(outcome.archived)
        #expect(outcome.lateFindings.map(\.line) == [2])
        let archived = try String(contentsOfFile: folder + "logs/unit.log", encoding: .utf8)
        #expect(archived.hasPrefix("clean line\nleaked [REDACTED github-"), "\(archived)")
        #expect(!archived.contains(String(token.dropFirst(4).prefix(12))))
    }

    @Test func keyMaterialIsReplacedRunByRunWithTheLinesNamed() throws {
        let material = KeyMaterial(["0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"])
        let text = "a\nseed=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef;\nthe digest 0123456789ab is short\n"
        let (bytes, lines) = material.redacted(Array(text.utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == "a\n[REDACTED signing-key];\nthe digest 0123456789ab is short\n")
        #expect(lines == [2])
        // Any 23 or more characters of it are caught wherever they start in a run.
        for start in 0..<10 {
            let part = "x" + String("0123456789abcdef0123456789abcdef0123456789abcdef".dropFirst(start).prefix(23)) + "y"
            #expect(material.redacted(Array(part.utf8)).lines == [1], "\(part)")
        }
        #expect(material.redacted(Array("nothing here, 0123456789".utf8)).lines.isEmpty)
    }

    @Test func aCaptureIsReachedOnlyThroughTheGatesDescriptor() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Something planted at a capture's name (a FIFO that would block, a link that would
        // redirect the write) is refused, never opened.
        #expect(mkfifo(folder + "fifo.log", 0o600) == 0)
        #expect(throws: GateRunError.self) { try CaptureFile("fifo.log", in: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "link.log", withDestinationPath: folder + "target")
        #expect(throws: GateRunError.self) { try CaptureFile("link.log", in: folder) }
        #expect(!FileManager.default.fileExists(atPath: folder + "target"), "nothing was written through the link")

        let capture = try CaptureFile("unit.log", in: folder)
        #expect(!FileManager.default.fileExists(atPath: folder + "unit.log"), "no path leads to it")
        let writer = try capture.writer()
        writer.writeLine("Test Case 'A.t' failed")
        writer.close()
        // A file written at its name afterwards (a later suite rewriting an earlier one's log) is another file.
        try Data("Test Case 'A.t' passed\n".utf8).write(to: URL(fileURLWithPath: folder + "unit.log"))
        #expect(capture.contents(limit: 1 << 20) == Array("Test Case 'A.t' failed\n".utf8))
        #expect(capture.head(9) == Array("Test Case".utf8))
        #expect(capture.contents(limit: 4) == nil, "over the limit: not read, so not archived")
        let redactor = ReportRedactor(scanner: TokenScanner(configuration: ScanConfiguration(allow: [], fingerprintKey: [1])))
        let big = try LogArchive.archive(
            capture.contents(limit: 4), to: folder + "logs/big.log", findings: [], redactor: redactor, displayPath: "logs/big.log")
        #expect(!big.archived)
        #expect(!FileManager.default.fileExists(atPath: folder + "logs/big.log"))
    }
}

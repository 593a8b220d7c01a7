//===----------------------------------------------------------------------===//
// AtomicFileTests.swift: whole files or nothing, no temporary files left, clear errors.
//===----------------------------------------------------------------------===//

import Foundation
import GateReport
import GateTestSupport
import Testing

@Suite("atomic files")
struct AtomicFileTests {
    @Test("a write replaces the whole file, sets the mode and leaves no temporary file")
    func replaces() throws {
        let folder = try ScratchFolder("gatereport-atomic")
        defer { folder.remove() }
        let path = folder.path + "/report.json"
        try AtomicFile.write(Array(repeating: 0x61, count: 100_000), to: path)
        try AtomicFile.write("short\n", to: path, mode: 0o600)
        #expect(folder.text("report.json") == "short\n")
        #expect(try folder.contents() == ["report.json"])
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test("the temporary name is hidden, beside the target, and carries the process ID")
    func temporaryName() {
        #expect(AtomicFile.temporaryPath(for: "/out/report.json") == "/out/.report.json.tmp-\(getpid())")
        #expect(AtomicFile.temporaryPath(for: "report.json") == ".report.json.tmp-\(getpid())")
    }

    @Test("a failed write keeps the old file whole, removes the temporary one, and says what to do")
    func failure() throws {
        let folder = try ScratchFolder("gatereport-atomicfail")
        defer { folder.remove() }
        let path = folder.path + "/summary.md"
        try AtomicFile.write("old\n", to: path)
        // The rename fails because the target became a non-empty folder; the old content is elsewhere.
        let blocked = folder.path + "/blocked"
        try FileManager.default.createDirectory(atPath: blocked + "/inside", withIntermediateDirectories: true)
        #expect(throws: GateReportError.writeFailed(path: blocked, code: EISDIR)) {
            try AtomicFile.write("new\n", to: blocked)
        }
        #expect(try folder.contents() == ["blocked", "summary.md"])
        #expect(folder.text("summary.md") == "old\n")
        let missing = GateReportError.writeFailed(path: "/nonexistent/report.json", code: EACCES)
        #expect(missing.description == "cannot write '/nonexistent/report.json': Permission denied; choose a writable --out")
    }

    @Test("a folder that cannot be created is a typed error")
    func directoryFailure() throws {
        let folder = try ScratchFolder("gatereport-atomicdir")
        defer { folder.remove() }
        try AtomicFile.write("x", to: folder.path + "/file")
        #expect(throws: GateReportError.directoryFailed(path: folder.path + "/file/sub", code: ENOTDIR)) {
            try ReportRenderer().render(SampleReports.aborted, formats: [.json], to: folder.path + "/file/sub")
        }
    }
}

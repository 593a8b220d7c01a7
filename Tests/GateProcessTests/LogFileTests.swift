// LogFileTests.swift
//
// Draining both streams into one log file: nothing lost, no deadlock at 100 MB per stream.

import Foundation
import GateProcess
import GateTestSupport
import Testing

@Suite("LogFile", .timeLimit(.minutes(2)))
struct LogFileTests {
    init() throws {
        try TestSupport.prepare()
    }

    @Test func hundredMegabytesOnEachStreamReachTheLogWithoutDeadlock() throws {
        let scratch = try ScratchFolder("gate-log")
        defer { scratch.remove() }
        let path = scratch.file("run.log")
        let log = try LogFile(path: path)
        let size = 100 * 1024 * 1024
        let lines = LineRecorder()
        // Both streams at once, stderr first: a drain that finished stdout before stderr would stall.
        let spec = ProcessSpec(
            arguments: ["sh", "-c", "head -c \(size) /dev/zero >&2 & head -c \(size) /dev/zero | tr '\\0' 'x'; wait"],
            environment: ["PATH": TestSupport.path], stdin: .null,
            stdout: .log(to: log, lines: { lines.record($0) }), stderr: .log(to: log))
        let result = try ProcessSupervisor.standalone.run(spec, timeout: .seconds(60))
        log.close()
        #expect(result.status == .exited(code: 0))
        #expect(!result.timedOut)
        // stdout, parsed as lines, reaches the log as the parser got it: 16 MiB pieces and the rest,
        // each ended by a newline (seven here); stderr, not parsed, byte for byte.
        let newlines = (size + 16 * 1024 * 1024 - 1) / (16 * 1024 * 1024)
        #expect(log.bytesWritten == 2 * size + newlines)
        #expect(log.failedWrites == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.size] as? NSNumber)?.intValue == 2 * size + newlines)
        // 100 MB without a newline reaches the line handler in bounded pieces.
        #expect(lines.bytes == size)
    }

    @Test func writeLineAppendsAfterTheChildsOutput() throws {
        let scratch = try ScratchFolder("gate-log")
        defer { scratch.remove() }
        let path = scratch.file("run.log")
        let log = try LogFile(path: path)
        let spec = ProcessSpec(
            arguments: ["sh", "-c", "echo out; echo err >&2"], environment: ["PATH": TestSupport.path], stdin: .null,
            stdout: .log(to: log), stderr: .log(to: log))
        _ = try ProcessSupervisor.standalone.run(spec, timeout: .seconds(10))
        log.writeLine("[acceptance-gate] exited with code 0")
        log.close()
        log.writeLine("ignored after close")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("out\n"))
        #expect(text.contains("err\n"))
        #expect(text.hasSuffix("[acceptance-gate] exited with code 0\n"))
    }

    /// A child's buffered stdout arrives cut mid-line; a stderr line written meanwhile must not
    /// land inside it, or the archived log no longer parses as the live lines did (`sign` and
    /// `verify` parse it again).
    @Test func aLineOfStderrNeverLandsInsideAParsedLineOfStdout() throws {
        let scratch = try ScratchFolder("gate-log")
        defer { scratch.remove() }
        let path = scratch.file("run.log")
        let log = try LogFile(path: path)
        let lines = LineRecorder()
        let spec = ProcessSpec(
            arguments: ["sh", "-c", "printf \"Test Case 'A.t' \"; sleep 0.3; echo 'NSLog line' >&2; sleep 0.3; echo passed; printf tail"],
            environment: ["PATH": TestSupport.path], stdin: .null,
            stdout: .log(to: log, lines: { lines.record($0) }), stderr: .log(to: log, lines: { lines.record($0) }))
        let result = try ProcessSupervisor.standalone.run(spec, timeout: .seconds(10))
        log.close()
        #expect(result.status == .exited(code: 0))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The unfinished line waits for its newline; the last, which never gets one, is ended at the end
        // (the parser took it as a line, and the other stream's next line must not be glued to it).
        #expect(text == "NSLog line\nTest Case 'A.t' passed\ntail\n", "\(text.debugDescription)")
    }

    @Test func anUncreatableLogIsAClearError() {
        #expect(throws: GateProcessError.self) { try LogFile(path: "/nonexistent-dir/x.log") }
    }
}

//===----------------------------------------------------------------------===//
// BufferedOutputTests.swift
//===----------------------------------------------------------------------===//

import GateCLI
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct BufferedOutputTests {
    @Test func holdsSmallWritesUntilFlushed() throws {
        let writer = CapturedWriter()
        let output = BufferedOutput(writer: writer)
        output.writeLine("hello")
        #expect(writer.writeCount == 0)
        #expect(output.bufferedByteCount == 6)
        try output.flush()
        #expect(writer.text == "hello\n")
        #expect(output.bufferedByteCount == 0)
    }

    @Test func writesOutOncePastTheThreshold() {
        let writer = CapturedWriter()
        let output = BufferedOutput(writer: writer)
        let line = String(repeating: "x", count: 1023) + "\n"
        for _ in 0..<(BufferedOutput.flushThreshold / 1024) { output.write(line) }
        #expect(writer.byteCount == BufferedOutput.flushThreshold)
        #expect(output.bufferedByteCount == 0)
    }

    @Test func hexOfEveryByteValue() throws {
        let writer = CapturedWriter()
        let output = BufferedOutput(writer: writer)
        let all = (0...255).map { UInt8($0) }
        all.withUnsafeBytes { output.writeHex($0) }
        try output.flush()
        let expected = all.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        #expect(writer.text == expected)
    }

    @Test func okLines() throws {
        let writer = CapturedWriter()
        let output = BufferedOutput(writer: writer)
        [UInt8]().withUnsafeBytes { output.writeOKLine(payload: $0) }
        [UInt8(0x00), 0x80, 0xFF].withUnsafeBytes { output.writeOKLine(payload: $0) }
        try output.flush()
        #expect(writer.text == "ok\nok 0080ff\n")
    }

    @Test func bigWritesPassThroughInBufferSizedPieces() throws {
        let writer = CapturedWriter()
        let output = BufferedOutput(writer: writer, capacity: 100_000)
        let big = [UInt8](repeating: 0xAB, count: 250_000)
        big.withUnsafeBytes { output.writeHex($0) }
        big.withUnsafeBytes { output.write($0) }
        try output.flush()
        #expect(writer.byteCount == 750_000)
        #expect(writer.largestWrite <= 100_000)
    }

    @Test func writeFailureIsStickyAndReportedOnFlush() {
        let output = BufferedOutput(writer: CapturedWriter(failingWith: EPIPE))
        output.write(String(repeating: "y", count: BufferedOutput.flushThreshold))
        #expect(output.failure == .writeFailed(stream: "standard output", code: EPIPE))
        #expect(throws: CommandLineError.writeFailed(stream: "standard output", code: EPIPE)) {
            try output.checkForFailure()
        }
        output.write("more")
        #expect(throws: CommandLineError.writeFailed(stream: "standard output", code: EPIPE)) {
            try output.flush()
        }
    }
}

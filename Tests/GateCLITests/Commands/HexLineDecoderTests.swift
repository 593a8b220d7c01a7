//===----------------------------------------------------------------------===//
// HexLineDecoderTests.swift
//===----------------------------------------------------------------------===//

import GateCLI
import Testing

@Suite struct HexLineDecoderTests {
    /// Feeds `text` in chunks of `size` and collects the decoded lines.
    func decode(_ text: String, limit: Int = 16, chunkSize: Int) throws(CommandLineError) -> [[UInt8]] {
        var decoder = HexLineDecoder(limit: limit)
        var lines: [[UInt8]] = []
        let data = Array(text.utf8)
        var start = 0
        while start < data.count {
            let end = min(start + chunkSize, data.count)
            let chunk = Array(data[start..<end])
            let result = chunk.withUnsafeBytes { buffer in
                Result { () throws(CommandLineError) in try decoder.consume(buffer) { lines.append(Array($0)) } }
            }
            try result.get()
            start = end
        }
        try decoder.finish { lines.append(Array($0)) }
        return lines
    }

    @Test(arguments: [1, 2, 3, 64])
    func decodesLinesInEitherCase(_ chunkSize: Int) throws {
        #expect(try decode("00ff\nAbCd\n\n7F", chunkSize: chunkSize) == [[0x00, 0xFF], [0xAB, 0xCD], [], [0x7F]])
        #expect(try decode("", chunkSize: chunkSize) == [])
        #expect(try decode("\n", chunkSize: chunkSize) == [[]])
        #expect(try decode("ab\r\n\r\ncd\r", chunkSize: chunkSize) == [[0xAB], [], [0xCD]])
    }

    @Test func boundIsTwiceTheLimitPlusTwentyOne() {
        #expect(HexLineDecoder(limit: 0).maximumDigits == 42)
        #expect(HexLineDecoder(limit: 1_048_576).maximumDigits == 2_097_194)
        #expect(HexLineDecoder(limit: Int.max).maximumDigits == Int.max)
    }

    @Test func errorsNameTheLine() {
        #expect(throws: CommandLineError.invalidHexCharacter(line: 2, column: 2, byte: UInt8(ascii: "x"))) {
            try decode("00\n0x\n", chunkSize: 1)
        }
        #expect(throws: CommandLineError.oddHexDigitCount(line: 1, count: 3)) {
            try decode("abc\n", chunkSize: 2)
        }
        #expect(throws: CommandLineError.lineTooLong(line: 1, maximumDigits: 42, limit: 0)) {
            try decode(String(repeating: "0", count: 44), limit: 0, chunkSize: 5)
        }
    }

    @Test func aLineAtTheBoundIsAccepted() throws {
        #expect(try decode(String(repeating: "0", count: 12) + "\r\n", limit: 0, chunkSize: 5) == [[0, 0, 0, 0, 0, 0]])
    }
}

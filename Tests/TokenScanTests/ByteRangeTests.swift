//===----------------------------------------------------------------------===//
// ByteRangeTests.swift: a finding's byte range names the secret's bytes in the input as read.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import Testing

@testable import TokenScan

@Suite("byte ranges")
struct ByteRangeTests {
    /// What can stand before a token on its line: characters of two and four bytes (one and two
    /// UTF-16 units), bytes that are not UTF-8, escape sequences, a carriage return mid-line.
    static let prefixes: [(name: String, bytes: [UInt8])] = [
        ("é", Array("é".utf8)),
        ("emoji", Array("😀 ".utf8)),
        ("mixed", Array("ça 😀 va ".utf8)),
        ("invalid UTF-8", [0xFF, 0xFE, 0x20]),
        ("lone lead bytes", [0xC3, 0xF0, 0x20]),
        ("stray continuation bytes", [0x80, 0xBF, 0x20]),
        ("escape sequences", Array("\u{1B}[31mred\u{1B}[0m é ".utf8)),
        ("carriage return", Array("progress 10%\rprogress 😀 ".utf8)),
    ]

    /// The bytes `finding` names in `input`.
    private func named(by finding: ScanFinding, in input: [UInt8]) throws -> [UInt8] {
        let range = try #require(finding.byteRange)
        try #require(range.lowerBound >= 0 && range.upperBound <= input.count, "\(range) in \(input.count) bytes")
        return Array(input[range])
    }

    @Test(arguments: prefixes.indices)
    func theRangeNamesTheTokenWhateverStandsBeforeItOnItsLine(index: Int) throws {
        var fake = FakeTokens(seed: 0xB17E + UInt64(index))
        let token = fake.github()
        let prefix = Self.prefixes[index].bytes
        let input = Array("first line é 😀\r\n".utf8) + prefix + Array("token: \(token) tail\r\n".utf8)
        let finding = try #require(makeScanner().scan(bytes: input, displayPath: "log.txt").findings.first)
        #expect(try named(by: finding, in: input) == Array(token.utf8), "\(Self.prefixes[index].name)")
        #expect(finding.line == 2)
    }

    @Test func everyChunkingGivesTheSameRanges() throws {
        var fake = FakeTokens(seed: 0xC4C4)
        let tokens = [fake.github(), fake.github(), fake.awsKeyID()]
        let input =
            Array("é \(tokens[0])\n".utf8) + [0xFF] + Array("😀 \u{1B}[1m\(tokens[1])\u{1B}[0m\r\n\nkey \(tokens[2])".utf8)
        let whole = makeScanner().scan(bytes: input, displayPath: "log.txt").findings
        #expect(try whole.map { try named(by: $0, in: input) } == tokens.map { Array($0.utf8) })
        // Chunk sizes that cut every token somewhere, and a line break off its line.
        for size in 1...48 {
            let chunked = scanInChunks(input, chunkSize: size).findings
            #expect(chunked.map(\.byteRange) == whole.map(\.byteRange), "chunks of \(size)")
        }
    }

    @Test func aTokenAcrossTheFileReadersChunkBoundaryIsNamedInTheFile() throws {
        var fake = FakeTokens(seed: 0xF11E)
        let token = fake.github()
        // Lines with multi-byte characters up to just before the reader's 1 MiB chunk, so the token
        // starts in the first chunk and ends in the second.
        let input = ChunkBoundaryLog.bytes(chunkSize: ChunkedFileReader.defaultChunkSize, offset: 12, token: token, after: " end")
        let folder = try ScratchFolder("byte-range")
        defer { folder.remove() }
        try folder.write(input, to: "log.txt")
        let finding = try #require(try makeScanner().scan(fileAtPath: folder.file("log.txt"), displayPath: "log.txt").findings.first)
        let range = try #require(finding.byteRange)
        #expect(range.contains(ChunkedFileReader.defaultChunkSize))
        #expect(try named(by: finding, in: input) == Array(token.utf8))
    }

    @Test func aLineScannedInPiecesKeepsItsOffsets() throws {
        var fake = FakeTokens(seed: 0x1096)
        let tokens = [fake.github(), fake.github()]
        // Two-byte characters fill the first piece, so a piece boundary's column and byte counts differ.
        var input = Array("é".utf8) + Array(repeating: UInt8(ascii: "x"), count: 10)
        while input.count < ScanSession.maximumLineLength + 100 { input += Array("é".utf8) }
        input += Array(" token: \(tokens[0]) é\r\nnext \(tokens[1])\n".utf8)
        let result = scanInChunks(input, chunkSize: 1 << 16)
        #expect(result.notes.contains { $0.kind == .longLine })
        #expect(try result.findings.map { try named(by: $0, in: input) } == tokens.map { Array($0.utf8) })
    }

    @Test func aBinaryCaptureScannedForTextNamesTheTokenInItsBytes() throws {
        var fake = FakeTokens(seed: 0xB1)
        let token = fake.github()
        let input = [0x00, 0xFF, 0xD8, 0x0A, 0x00, 0xC3] + Array("token=\(token)".utf8) + [0x00, 0x0A, 0x80]
        let scanner = TokenScanner(configuration: ScanConfiguration(fingerprintKey: testFingerprintKey, scansBinaryContent: true))
        let finding = try #require(scanner.scan(bytes: input, displayPath: "capture.bin").findings.first)
        #expect(try named(by: finding, in: input) == Array(token.utf8))
    }

    @Test func aPEMBlockIsOneRangeFromItsHeaderToItsFooter() throws {
        var fake = FakeTokens(seed: 0x9E3)
        let block = fake.pemBlock(bodyLines: 3).lines
        let text = "before é\r\nkey: " + block.joined(separator: "\r\n") + "\r\nafter\r\n"
        let input = Array(text.utf8)
        let finding = try #require(makeScanner().scan(bytes: input, displayPath: "log.txt").findings.first)
        #expect(finding.rule == .privateKey)
        #expect(try named(by: finding, in: input) == Array(block.joined(separator: "\r\n").utf8))
    }

    @Test func theRangeIsNotPartOfTheScanContract() throws {
        var fake = FakeTokens(seed: 3)
        let finding = try #require(scan("x \(fake.github())\n").findings.first)
        let decoded = try JSONDecoder().decode(ScanFinding.self, from: try JSONEncoder().encode(finding))
        #expect(finding.byteRange != nil && decoded.byteRange == nil)
        #expect(decoded == finding && decoded.hashValue == finding.hashValue)
        #expect(!ScanOutput.jsonl([finding]).contains("byte"))
    }
}

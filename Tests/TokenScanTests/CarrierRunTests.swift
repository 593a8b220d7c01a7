//===----------------------------------------------------------------------===//
// CarrierRunTests.swift: the sampled search for carrier runs misses no run that decodes.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import Testing

@testable import TokenScan

/// ``CarrierDecoder/nextRun(in:from:escapes:)`` samples a line every 27 bytes and passes over the
/// runs that cannot decode without reading them; ``CarrierDecoder/decode(_:_:into:)`` is the judge.
/// These tests hold the search to the plain reading: every maximal run of carrier characters at
/// least ``CarrierDecoder/minimumRunLength`` long, each offered to the decoder.
@Suite("carrier runs")
struct CarrierRunTests {
    /// The runs of `line` that decode, found by reading every byte.
    private static func decodableRunsReadWhole(_ line: [UInt8]) -> [Range<Int>] {
        line.withUnsafeBufferPointer { buffer in
            let view = LineView(bytes: buffer)
            var runs: [Range<Int>] = []
            var decoded = DecodedRun()
            var start = 0
            while start < line.count {
                guard CarrierDecoder.isRunByte(line[start]) else {
                    start += 1
                    continue
                }
                var end = start
                while end < line.count, CarrierDecoder.isRunByte(line[end]) { end += 1 }
                if end - start >= CarrierDecoder.minimumRunLength, CarrierDecoder.decode(view, start..<end, into: &decoded) {
                    runs.append(start..<end)
                }
                start = end
            }
            return runs
        }
    }

    /// The runs of `line` that decode, as the scanner finds them; `escapes` is what the scanner
    /// knows of the line's `%` and `\\` before it asks.
    private static func decodableRunsSampled(_ line: [UInt8], escapes known: Bool?) -> [Range<Int>] {
        line.withUnsafeBufferPointer { buffer in
            let view = LineView(bytes: buffer)
            var runs: [Range<Int>] = []
            var decoded = DecodedRun()
            var escapes = known
            var position = 0
            while let run = CarrierDecoder.nextRun(in: view, from: position, escapes: &escapes) {
                if CarrierDecoder.decode(view, run, into: &decoded) { runs.append(run) }
                position = run.upperBound
            }
            return runs
        }
    }

    /// A line of pieces that logs print, some carrying text, glued by separators or by nothing
    /// (a path running into a digest, base64 after a slash).
    private static func line(_ generator: inout SplitMix64, token: String) -> [UInt8] {
        let text = #"{"token":"\#(token)","url":"https://api.example.com/v1?page=2"}"#
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        func random(_ count: Int, from characters: [UInt8]) -> [UInt8] {
            (0..<count).map { _ in characters[Int(generator.next() % UInt64(characters.count))] }
        }
        var bytes: [UInt8] = []
        for _ in 0..<Int(1 + generator.next() % 5) {
            let cut = Int(generator.next() % UInt64(text.utf8.count))
            let piece = Array(text.utf8)[cut...]
            switch generator.next() % 11 {
            case 0: bytes += Array(Data(piece).base64EncodedString().utf8)
            case 1: bytes += piece.flatMap { Array(String(format: "%02x", $0).utf8) }
            case 2: bytes += piece.flatMap { Array(String(format: "%%%02X", $0).utf8) }
            case 3: bytes += piece.flatMap { Array(String(format: "\\u%04x", $0).utf8) }
            case 4: bytes += Array("%22".utf8) + Array(token.utf8) + Array("%22%7D".utf8)
            case 5: bytes += Array("/Users/runner/Library/Developer/Xcode/DerivedData/App-".utf8) + random(28, from: alphabet)
            case 6: bytes += random(Int(20 + generator.next() % 80), from: Array("0123456789abcdef".utf8))
            case 7: bytes += random(Int(20 + generator.next() % 80), from: alphabet)
            case 8: bytes += Array("Test Case '-[AppTests.LoginTests testLogin]' passed (0.002 seconds).".utf8)
            case 9: bytes += Array(Data(random(Int(30 + generator.next() % 60), from: alphabet)).base64EncodedString().utf8)
            default: bytes += Array(UUID().uuidString.utf8)
            }
            let separators: [[UInt8]] = [[], [0x20], [0x2E], [0x2F], [0x3D], [0x22], [0x25], [0x5C], [0x3A, 0x20]]
            bytes += separators[Int(generator.next() % UInt64(separators.count))]
        }
        return bytes
    }

    @Test("every run that decodes is found, whether or not the line's escapes are known beforehand")
    func sampledSearchMissesNoRun() {
        var generator = SplitMix64(seed: 0xCA_2217)
        var fake = FakeTokens(seed: 0x5EED)
        var decodable = 0
        for _ in 0..<4_000 {
            let line = Self.line(&generator, token: fake.github())
            let whole = Self.decodableRunsReadWhole(line)
            decodable += whole.count
            let hasEscape = line.contains(UInt8(ascii: "%")) || line.contains(UInt8(ascii: "\\"))
            #expect(Self.decodableRunsSampled(line, escapes: nil) == whole, "\(String(decoding: line, as: UTF8.self))")
            #expect(Self.decodableRunsSampled(line, escapes: hasEscape ? nil : false) == whole)
        }
        // The lines must hold runs to find, or the comparison proves nothing.
        #expect(decodable > 2_000)
    }

    @Test("a long run that does not start like text is passed over whole, and the run after it is still found")
    func aDeadRunIsPassedOver() throws {
        let path = Array("/Users/runner/Library/Developer/Xcode/DerivedData/App-abcdefghijklmnopqrstuvwxyzab/Build".utf8)
        let carried = Array(Data("{\"token\":\"abcdef\",\"user\":\"octocat\",\"n\":12}".utf8).base64EncodedString().utf8)
        try #require(carried.count >= CarrierDecoder.minimumRunLength && !carried.contains(UInt8(ascii: "=")))
        let line = path + [0x20] + carried
        let runs = Self.decodableRunsSampled(line, escapes: false)
        try #require(runs.count == 1)
        #expect(runs[0] == (path.count + 1)..<line.count)
    }
}

//===----------------------------------------------------------------------===//
// FrameVectorsTests.swift
//===----------------------------------------------------------------------===//

import FrameCodec
import Testing

@testable import FrameConformance

@Suite("FrameVectors")
struct FrameVectorsTests {
    @Test("every vector is well-formed hex with a meaning for every part")
    func wellFormed() throws {
        let vectors = FrameVectors.handVerified()
        #expect(Set(vectors.map(\.id)).count == vectors.count, "ids are unique")
        for vector in vectors {
            #expect(vector.input != nil, "\(vector.id)")
            #expect(vector.expectedOutcome != nil, "\(vector.id)")
            for part in vector.parts { #expect(!part.meaning.isEmpty, "\(vector.id)") }
        }
    }

    @Test("the seed vectors read exactly as design.md writes them")
    func seedBytes() throws {
        let byID = Dictionary(uniqueKeysWithValues: FrameVectors.handVerified().map { ($0.id, $0) })
        #expect(byID["three-byte-payload"]?.input == [0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x80, 0xFF])
        #expect(byID["three-byte-payload"]?.expectedOutcome == .payload([0x00, 0x80, 0xFF]))
        #expect(byID["empty-payload"]?.input == [0x01, 0x00, 0x00, 0x00, 0x00])
        #expect(byID["256-byte-payload"]?.input?.prefix(5) == [0x01, 0x00, 0x00, 0x01, 0x00])
        #expect(byID["256-byte-payload"]?.input?.count == 261)
        // The limit-dependent length fields, checked against the values written out by hand.
        #expect(byID["limit-payload"]?.input?.prefix(5) == [0x01, 0x00, 0x10, 0x00, 0x00])
        #expect(byID["limit-payload"]?.input?.count == 1_048_581)
        #expect(byID["limit-plus-one-header-only"]?.input == [0x01, 0x00, 0x10, 0x00, 0x01])
        #expect(byID["length-ffffffff"]?.input == [0x01, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(byID["declared-shorter-than-data"]?.input == [0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x80, 0xFF])
        #expect(byID["version-2"]?.expectedOutcome == .error(.version))
    }

    @Test(
        "the written-down expectations agree with the step-by-step model of design.md",
        arguments: [0, 1, 3, 256, FrameFormat.defaultLimit])
    func oracleAgrees(limit: Int) throws {
        let oracle = FrameOracle(limit: limit)
        let suite = ConformanceSuite(limit: limit, exhaustiveUpTo: 2_000)
        for testCase in try suite.cases() {
            #expect(oracle.expectedOutcome(for: testCase.input.bytes) == testCase.expected, "\(testCase.id)")
        }
    }

    @Test("protocol lines round-trip and garbage is refused")
    func protocolLines() {
        #expect(FrameOutcome.payload([]).protocolLine == "ok")
        #expect(FrameOutcome.payload([0x00, 0x80, 0xFF]).protocolLine == "ok 0080ff")
        #expect(FrameOutcome.error(.trailing).protocolLine == "error trailing")
        #expect(FrameOutcome(protocolLine: "ok") == .payload([]))
        #expect(FrameOutcome(protocolLine: "ok 0080FF\r") == .payload([0x00, 0x80, 0xFF]))
        #expect(FrameOutcome(protocolLine: "error version") == .error(.version))
        for garbage in ["", "ok 0", "ok zz", "error", "error nope", "OK 00", "okay"] {
            #expect(FrameOutcome(protocolLine: Substring(garbage)) == nil, "\(garbage)")
        }
    }
}

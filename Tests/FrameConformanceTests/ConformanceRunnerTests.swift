//===----------------------------------------------------------------------===//
// ConformanceRunnerTests.swift
//===----------------------------------------------------------------------===//

import FrameCodec
import Testing

@testable import FrameConformance

/// A decoder with a deliberate bug, to prove the suite catches it and shrinks the counterexample.
struct FaultyDecoder: FrameDecoding {
    enum Fault: Sendable { case ignoresTrailing, acceptsAnyVersion, limitOffByOne, truncatedAsOversized }
    let fault: Fault
    let limit: Int
    var name: String { "faulty decoder (\(fault))" }

    func outcomes(for inputs: [CaseInput]) throws(ConformanceError) -> [FrameOutcome] {
        inputs.map { decode($0.bytes) }
    }

    private func decode(_ input: [UInt8]) -> FrameOutcome {
        var bytes = input
        if fault == .acceptsAnyVersion, !bytes.isEmpty { bytes[0] = 1 }
        let limit = fault == .limitOffByOne ? self.limit + 1 : self.limit
        do {
            return .payload(try FrameDecoder(limit: limit).decode(bytes))
        } catch {
            switch (fault, error) {
            case let (.ignoresTrailing, .trailing(expected, _)):
                return .payload(Array(bytes[5..<expected]))
            case (.truncatedAsOversized, .truncated):
                return .error(.oversized)
            default:
                return .error(error.kind)
            }
        }
    }
}

@Suite("ConformanceRunner")
struct ConformanceRunnerTests {
    @Test("the built-in decoder holds all four points at the default limit, every prefix included")
    func builtinHolds() throws {
        let report = try ConformanceRunner(suite: ConformanceSuite()).run(against: BuiltinFrameDecoding(limit: FrameFormat.defaultLimit))
        #expect(report.passed)
        #expect(report.points.map(\.point) == AcceptancePoint.allCases)
        // 8 + 5 + 261 + 1,048,581 proper prefixes of the four valid vectors, plus the hand-written ones.
        let prefixes = try #require(report.points.first { $0.point == .truncatedPrefixes })
        #expect(prefixes.total == 1_048_855 + 3)
        let versions = try #require(report.points.first { $0.point == .rejectedHeaders })
        #expect(versions.total == 4 * 255 + 5 + 10, "four valid vectors × 255 versions, five hand-written, ten over-limit headers")
        #expect(report.lines().last == "frames check: 4 of 4 acceptance points hold; passed")
    }

    @Test("a decoder that lets trailing bytes through fails that point, shrunk to six bytes")
    func trailingCaught() throws {
        let report = try ConformanceRunner(suite: ConformanceSuite(limit: 300)).run(
            against: FaultyDecoder(fault: .ignoresTrailing, limit: 300))
        #expect(!report.passed)
        let trailing = try #require(report.points.first { $0.point == .trailingBytes })
        #expect(!trailing.holds)
        #expect(report.points.filter(\.holds).count == 3)
        let minimised = try #require(trailing.minimised)
        #expect(minimised.original == trailing.failures.first?.input)
        #expect(minimised.minimal.count == 6, "\(minimised.minimal)")
        #expect(minimised.minimal.first == 0x01)
        #expect(FrameOracle(limit: 300).expectedOutcome(for: minimised.minimal) == .error(.trailing))
        #expect(report.lines().contains { $0.contains("minimised counterexample (6 bytes)") })
    }

    @Test("a decoder that ignores the version byte is caught and shrunk to a bare header")
    func versionCaught() throws {
        let report = try ConformanceRunner(suite: ConformanceSuite(limit: 300)).run(
            against: FaultyDecoder(fault: .acceptsAnyVersion, limit: 300))
        let headers = try #require(report.points.first { $0.point == .rejectedHeaders })
        #expect(!headers.holds)
        let minimised = try #require(headers.minimised)
        // The shortest input that should be a version error yet decodes: a bad version byte and a
        // zero length. (A lone bad byte decodes as truncated under this fault: another failure.)
        #expect(minimised.minimal.count == 5, "\(minimised.minimal)")
        #expect(minimised.minimal.first != 0x01)
        #expect(minimised.signature == FailureSignature(expected: .error(.version), actual: .payload([])))
    }

    @Test("an off-by-one limit check is caught at the limit + 1 vector")
    func limitCaught() throws {
        let report = try ConformanceRunner(suite: ConformanceSuite(limit: 300)).run(
            against: FaultyDecoder(fault: .limitOffByOne, limit: 300))
        let headers = try #require(report.points.first { $0.point == .rejectedHeaders })
        #expect(headers.failures.contains { $0.caseID == "limit-plus-one-header-only" })
    }

    @Test("a decoder that misreports truncation fails the truncated-prefix point only")
    func truncationCaught() throws {
        let report = try ConformanceRunner(suite: ConformanceSuite(limit: 300)).run(
            against: FaultyDecoder(fault: .truncatedAsOversized, limit: 300))
        #expect(report.points.map(\.holds) == [true, false, true, true])
        #expect(report.points[1].minimised?.minimal == [])
    }

    @Test("the minimiser keeps the original and stops at its budget")
    func budget() throws {
        let limit = FrameFormat.defaultLimit
        let decoder = FaultyDecoder(fault: .ignoresTrailing, limit: limit)
        // A frame of limit - 1 payload bytes and one trailing byte: limit + 5 bytes in all.
        let input: [UInt8] = [0x01, 0x00, 0x0F, 0xFF, 0xFF] + [UInt8](repeating: 7, count: limit - 1) + [0x00]
        #expect(FrameOracle(limit: limit).expectedOutcome(for: input) == .error(.trailing))
        let actual = try #require(try decoder.outcomes(for: [CaseInput(input)]).first)
        #expect(actual != .error(.trailing))
        let minimizer = FrameMinimizer(oracle: FrameOracle(limit: limit), budget: 10)
        let result = try #require(try minimizer.minimise(input, actual: actual, decoder: decoder))
        #expect(result.original == input, "the original is kept byte for byte")
        #expect(result.evaluations <= 10)
        #expect(result.budgetReached)

        let unbounded = try #require(
            try FrameMinimizer(oracle: FrameOracle(limit: limit)).minimise(input, actual: actual, decoder: decoder))
        #expect(unbounded.minimal.count == 6, "\(unbounded.minimal.count) bytes after \(unbounded.evaluations) evaluations")
    }
}

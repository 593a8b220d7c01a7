//===----------------------------------------------------------------------===//
// FramesVectorsCommandTests.swift
//===----------------------------------------------------------------------===//

import Foundation
import GateCLI
import Testing

@Suite("frames vectors")
struct FramesVectorsCommandTests {
    @Test("json by default, with the seed vector written out")
    func json() throws {
        let run = GateRun.run(["frames", "vectors"])
        #expect(run.exitCode == .success)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let vectors = try #require(document["vectors"] as? [[String: Any]])
        #expect(vectors.contains { $0["inputHex"] as? String == "01000000030080ff" })
        #expect(document["limit"] as? Int == 1_048_576)
    }

    @Test("--limit changes the limit vectors; vectors that need a larger limit are left out")
    func limit() throws {
        let run = GateRun.run(["frames", "vectors", "--limit", "100"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let vectors = try #require(document["vectors"] as? [[String: Any]])
        #expect(vectors.contains { $0["id"] as? String == "limit-plus-one-header-only" && $0["inputHex"] as? String == "0100000065" })
        #expect(!vectors.contains { $0["id"] as? String == "256-byte-payload" })
    }

    @Test("the largest limit is described by its parts, never built in memory")
    func largestLimit() throws {
        let run = GateRun.run(["frames", "vectors", "--limit", "4294967294"])
        #expect(run.exitCode == .success, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let vectors = try #require(document["vectors"] as? [[String: Any]])
        let limitVector = try #require(vectors.first { $0["id"] as? String == "limit-payload" })
        #expect(limitVector["inputLength"] as? Int == 4_294_967_299)
        #expect(limitVector["inputHex"] == nil)
    }

    @Test("swift is an XCTest class")
    func swift() {
        let run = GateRun.run(["frames", "vectors", "--format", "swift"])
        #expect(run.exitCode == .success)
        #expect(run.stdout.contains("final class FrameVectorTests: XCTestCase {"))
        #expect(run.stdout.contains("func testThreeBytePayload() throws {"))
    }

    @Test("an unknown format is a usage error")
    func badFormat() {
        let run = GateRun.run(["frames", "vectors", "--format", "yaml"])
        #expect(run.exitCode == .usage)
        #expect(
            run.stderr
                == "acceptance-gate: invalid value 'yaml' for '--format' of 'frames vectors'; expected one of json, swift (see 'acceptance-gate frames vectors --help')\n"
        )
    }
}

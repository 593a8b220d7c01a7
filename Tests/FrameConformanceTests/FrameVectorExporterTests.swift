//===----------------------------------------------------------------------===//
// FrameVectorExporterTests.swift
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

@testable import FrameConformance

@Suite("FrameVectorExporter")
struct FrameVectorExporterTests {
    let exporter = FrameVectorExporter(vectors: FrameVectors.handVerified(), limit: 1_048_576, toolVersion: "9.9.9")

    @Test("JSON lists every vector with its parts, its input (when small) and its expectation")
    func json() throws {
        let text = try exporter.json()
        #expect(try exporter.json() == text, "byte-for-byte stable")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["limit"] as? Int == 1_048_576)
        #expect(document["generator"] as? String == "acceptance-gate 9.9.9")
        let vectors = try #require(document["vectors"] as? [[String: Any]])
        #expect(vectors.count == FrameVectors.handVerified().count)
        let seed = try #require(vectors.first { $0["id"] as? String == "three-byte-payload" })
        #expect(seed["inputHex"] as? String == "01000000030080ff")
        let expect = try #require(seed["expect"] as? [String: Any])
        #expect(expect["outcome"] as? String == "ok")
        #expect(expect["payloadHex"] as? String == "0080ff")
        let parts = try #require(seed["parts"] as? [[String: Any]])
        #expect(parts.map { $0["role"] as? String } == ["version", "length", "payload"])
        let limitVector = try #require(vectors.first { $0["id"] as? String == "limit-payload" })
        #expect(limitVector["inputHex"] == nil, "a megabyte input is described by its parts, not written out")
        #expect(limitVector["inputLength"] as? Int == 1_048_581)
        let version = try #require(vectors.first { $0["id"] as? String == "version-2" })
        #expect((version["expect"] as? [String: Any])?["error"] as? String == "version")
    }

    @Test("Swift output has one XCTest method per vector with the concrete error kind")
    func swiftCases() {
        let text = exporter.swift()
        for vector in FrameVectors.handVerified() {
            #expect(text.contains("func test\(FrameVectorExporter.methodName(vector.id))() throws {"), "\(vector.id)")
        }
        #expect(text.contains("XCTAssertEqual(try decode(input), Self.bytes(\"00 80 ff\"))"))
        #expect(text.contains("assertRejects(input, as: \"trailing\")"))
        #expect(text.contains("import XCTest"))
        #expect(FrameVectorExporter.methodName("256-byte-payload") == "_256BytePayload")
    }

    @Test("the Swift output type-checks against FrameCodec and XCTest")
    func swiftTypeChecks() throws {
        // The test bundle sits in the build folder (.build/debug), beside the Modules folder that holds FrameCodec.
        let buildFolder = BuildProducts.folder
        let candidates = [buildFolder, buildFolder.deletingLastPathComponent()].map { $0.appendingPathComponent("Modules") }
        let modules = try #require(
            candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("FrameCodec.swiftmodule").path) },
            "no FrameCodec.swiftmodule near \(buildFolder.path)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("frame-vectors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("FrameVectorTests.swift")
        try Data(exporter.swift().utf8).write(to: file)
        let result = try ProcessSupervisor.standalone.run(
            ProcessSpec(arguments: ["swiftc", "-typecheck", "-I", modules.path, file.path]), timeout: .seconds(120))
        #expect(result.status == .exited(code: 0), "\(String(decoding: result.stderr, as: UTF8.self))")
    }
}

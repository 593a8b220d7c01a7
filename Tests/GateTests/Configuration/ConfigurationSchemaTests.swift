//===----------------------------------------------------------------------===//
// ConfigurationSchemaTests.swift: the editor schema and the decoder accept the same keys.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import Testing

@Suite("configuration schema")
struct ConfigurationSchemaTests {
    /// `templates/acceptance-gate.schema.json`, found from this file's path.
    static func schema() throws -> [String: Any] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("templates/acceptance-gate.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Every object schema with `properties`, by key path pattern (`suites[]` for array items);
    /// `env` maps are free-form and not walked.
    static func objects(in schema: [String: Any], path: String = "", into result: inout [String: [String: Any]]) {
        guard let properties = schema["properties"] as? [String: Any] else { return }
        result[path] = schema
        for (key, value) in properties {
            guard let child = value as? [String: Any], key != "env" else { continue }
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            objects(in: child, path: childPath, into: &result)
            if let items = child["items"] as? [String: Any] {
                objects(in: items, path: childPath + "[]", into: &result)
            }
        }
    }

    @Test("every object the decoder reads has the same keys in the schema, and additionalProperties false")
    func sameKeys() throws {
        var walked: [String: [String: Any]] = [:]
        Self.objects(in: try Self.schema(), into: &walked)
        #expect(Set(walked.keys) == Set(GateConfiguration.acceptedKeys.keys))
        for (path, keys) in GateConfiguration.acceptedKeys {
            let object = try #require(walked[path], "schema lacks \(path)")
            let schemaKeys = Set((object["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
            #expect(schemaKeys == Set(keys), "\(path)")
            #expect(object["additionalProperties"] as? Bool == false, "\(path)")
        }
    }

    @Test("the schema's documented defaults are the decoder's defaults")
    func defaults() throws {
        let properties = try #require(try Self.schema()["properties"] as? [String: Any])
        let suites = try #require(properties["suites"] as? [String: Any])
        let suite = try #require((suites["items"] as? [String: Any])?["properties"] as? [String: Any])
        #expect((suite["timeoutSeconds"] as? [String: Any])?["default"] as? Int == 1800)
        let report = try #require((properties["report"] as? [String: Any])?["properties"] as? [String: Any])
        #expect((report["formats"] as? [String: Any])?["default"] as? [String] == ConfigReport.Format.allCases.map(\.rawValue))
        #expect((report["dir"] as? [String: Any])?["default"] as? String == ConfigReport().dir)
        // Secrets' variables are not configurable: the schema refuses them as the parser does.
        let signing = try #require((properties["signing"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(signing["keyEnv"] == nil)
        let scan = try #require((properties["scan"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(scan["fingerprintKeyEnv"] == nil)
    }
}

//===----------------------------------------------------------------------===//
// ConfigurationSchemaTests.swift: the editor schema and the decoder accept the same keys.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateConfig
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

    /// Every `default` the schema documents, by key path (`suites[].timeoutSeconds`).
    static func documentedDefaults(in schema: [String: Any], path: String = "", into result: inout [String: Any]) {
        guard let properties = schema["properties"] as? [String: Any] else { return }
        for (key, value) in properties {
            guard let child = value as? [String: Any] else { continue }
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            if let documented = child["default"] { result[childPath] = documented }
            documentedDefaults(in: child, path: childPath, into: &result)
            if let items = child["items"] as? [String: Any] {
                documentedDefaults(in: items, path: childPath + "[]", into: &result)
            }
        }
    }

    @Test("every default the schema documents is the one the configuration's initialisers give, and the only one")
    func defaults() throws {
        // Defaults live in the configuration types' initialisers; `config` prints them as the
        // effective configuration of a file that sets nothing it need not.
        let minimal =
            #"{"fixture": {"command": ["true"], "ready": {"line": "READY"}}, "suites": ["#
            + #"{"name": "x", "kind": "xctest", "command": ["true"]}, {"name": "f", "kind": "frames"}]}"#
        let loaded = LoadedConfiguration(
            configuration: try GateConfiguration.parse(Array(minimal.utf8), file: "minimal"), source: "minimal", path: nil, root: "/",
            bytes: Array(minimal.utf8))
        let printed = try JSONSerialization.jsonObject(with: Data(EffectiveConfiguration(loaded: loaded, source: .option).json.utf8))
        let effective = try #require((printed as? [String: Any])?["configuration"] as? [String: Any])
        func value(at path: String) -> Any? {
            var current: Any? = effective
            for key in path.split(separator: ".") {
                guard key.hasSuffix("[]") else {
                    current = (current as? [String: Any])?[String(key)]
                    continue
                }
                let items = (current as? [String: Any])?[String(key.dropLast(2))] as? [[String: Any]] ?? []
                current = items.first { $0[String(path.split(separator: ".").last ?? "")] != nil } ?? items.first
            }
            return current
        }
        var documented: [String: Any] = [:]
        Self.documentedDefaults(in: try Self.schema(), into: &documented)
        #expect(documented.count >= 12, "\(documented.keys.sorted())")
        for (path, expected) in documented {
            let actual = value(at: path)
            #expect(
                (actual as? NSObject)?.isEqual(expected) == true,
                "\(path): the schema says \(expected), the initialisers \(String(describing: actual))")
        }
        let properties = try #require(try Self.schema()["properties"] as? [String: Any])
        // Secrets' variables are not configurable: the schema refuses them as the parser does.
        let signing = try #require((properties["signing"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(signing["keyEnv"] == nil)
        let scan = try #require((properties["scan"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(scan["fingerprintKeyEnv"] == nil)
    }
}

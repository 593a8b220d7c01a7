//===----------------------------------------------------------------------===//
// Ledger+JSON.swift: the ledger's JSON text, written in a fixed key order, and read back.
//===----------------------------------------------------------------------===//

import GateCore

extension Ledger {
    /// The ledger as one line of JSON, keys in a fixed order, no trailing newline:
    /// `{"origin": {"port": 8765, "requests": 1, "paths": ["/start"], "headerNames": ["host"],
    /// "connections": 1}, "foreign": {...}}`. `connections` comes last so the older fields keep
    /// their places for readers that match the text.
    ///
    /// Written by hand rather than with `JSONEncoder`, whose key order is not guaranteed.
    package var json: String {
        "{\"origin\": \(Self.json(origin)), \"foreign\": \(Self.json(foreign))}"
    }

    /// How the ledger's line starts when the fixture prints it as its last line of output
    /// (`acceptance-gate fixture --ledger -`, what the gate runs): `LEDGER ` and ``json``.
    package static var outputLinePrefix: String { "LEDGER " }

    /// Reads ledger JSON as ``json`` writes it (any key order and spacing is accepted), with
    /// GateText's strict ``JSONReader``: the ledger comes back from the fixture's output, which
    /// the code under test shares, so it is read like any other untrusted JSON.
    ///
    /// - Parameter bytes: the UTF-8 JSON text.
    /// - Throws: ``FixtureError/malformedLedger(detail:)`` when it is not JSON of that shape.
    package init(jsonBytes bytes: [UInt8]) throws(FixtureError) {
        let root: JSONValue
        do throws(JSONReadError) {
            root = try JSONReader.read(bytes, limits: JSONReader.Limits(maximumDepth: 8))
        } catch {
            throw .malformedLedger(detail: "it is not valid JSON (\(error))")
        }
        self.init(origin: try Self.listener(root, "origin"), foreign: try Self.listener(root, "foreign"))
    }

    /// The listener at member `key` of `root`.
    private static func listener(_ root: JSONValue, _ key: String) throws(FixtureError) -> ListenerLedger {
        let node = try member(root, key, at: "")
        func integer(_ name: String) throws(FixtureError) -> Int {
            guard let value = try member(node, name, at: key).integer else { throw wrongType(key + "." + name) }
            return value
        }
        func strings(_ name: String) throws(FixtureError) -> [String] {
            let texts = try member(node, name, at: key).array?.compactMap(\.string)
            guard let texts, texts.count == node[name]?.array?.count else { throw wrongType(key + "." + name) }
            return texts
        }
        return ListenerLedger(
            port: try integer("port"), requests: try integer("requests"), paths: try strings("paths"),
            headerNames: try strings("headerNames"), connections: try integer("connections"))
    }

    /// Member `key` of the object `node` (at `path`).
    private static func member(_ node: JSONValue, _ key: String, at path: String) throws(FixtureError) -> JSONValue {
        guard case .object = node else { throw wrongType(path) }
        guard let value = node[key] else { throw .malformedLedger(detail: "the key '\(key)' is missing") }
        return value
    }

    private static func wrongType(_ path: String) -> FixtureError {
        .malformedLedger(detail: "a value has the wrong type at '\(path)'")
    }

    // MARK: - Encoding

    private static func json(_ listener: ListenerLedger) -> String {
        "{\"port\": \(listener.port), \"requests\": \(listener.requests), "
            + "\"paths\": \(json(listener.paths)), \"headerNames\": \(json(listener.headerNames)), "
            + "\"connections\": \(listener.connections)}"
    }

    private static func json(_ strings: [String]) -> String {
        "[" + strings.map(JSONText.quoted).joined(separator: ", ") + "]"
    }
}

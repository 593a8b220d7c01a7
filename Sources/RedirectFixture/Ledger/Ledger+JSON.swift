//===----------------------------------------------------------------------===//
// Ledger+JSON.swift: the ledger's JSON text, written in a fixed key order, and read back.
//===----------------------------------------------------------------------===//

internal import Foundation
internal import GateText

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
    package static let outputLinePrefix = "LEDGER "

    /// Reads ledger JSON as ``json`` writes it (any key order and spacing is accepted).
    ///
    /// - Parameter bytes: the UTF-8 JSON text.
    /// - Throws: ``FixtureError/malformedLedger(detail:)`` when it is not JSON of that shape.
    package init(jsonBytes bytes: [UInt8]) throws(FixtureError) {
        do {
            self = try JSONDecoder().decode(Ledger.self, from: Data(bytes))
        } catch let DecodingError.keyNotFound(key, _) {
            throw .malformedLedger(detail: "the key '\(key.stringValue)' is missing")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .malformedLedger(detail: "a value has the wrong type at '\(Self.path(context))'")
        } catch {
            throw .malformedLedger(detail: "it is not valid JSON")
        }
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

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }
}

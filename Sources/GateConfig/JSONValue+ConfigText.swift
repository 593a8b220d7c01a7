//===----------------------------------------------------------------------===//
// JSONValue+ConfigText.swift: JSON values as the configuration's messages and `config` write them.
//===----------------------------------------------------------------------===//

import GateCore

extension JSONValue {
    /// An object with `pairs` as its members, in this order.
    static func members(_ pairs: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(pairs.map { Member(key: $0.key, value: $0.value) })
    }

    /// The value as JSON text, two spaces per level; an array of plain values stays on one line,
    /// as configuration files write argv arrays.
    func text(indent: Int = 0) -> String {
        let inner = String(repeating: " ", count: indent + 2)
        let outer = String(repeating: " ", count: indent)
        switch self {
        case .object(let members):
            if members.isEmpty { return "{}" }
            let lines = members.map { inner + JSONText.quoted($0.key) + ": " + $0.value.text(indent: indent + 2) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + outer + "}"
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            if elements.allSatisfy(\.isScalar) {
                return "[" + elements.map { $0.text() }.joined(separator: ", ") + "]"
            }
            return "[\n" + elements.map { inner + $0.text(indent: indent + 2) }.joined(separator: ",\n") + "\n" + outer + "]"
        case .string(let value): return JSONText.quoted(value)
        case .number(let value, let integer): return integer.map(String.init) ?? String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        }
    }

    /// `true` for a string, number, boolean or null.
    var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }

    /// How a message names this value: `"ten"`, `42`, `true`, `null`, `an array`, `an object`.
    var shortDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case let .string(text):
            let clipped = text.count > 40 ? String(text.prefix(40)) + "…" : text
            let escaped = clipped.replacingScalars { scalar in
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case _ where scalar.value < 0x20: "\\u{\(String(scalar.value, radix: 16))}"
                default: nil
                }
            }
            return "\"" + escaped + "\""
        case let .number(value, integer):
            if let integer { return String(integer) }
            return String(value)
        case let .bool(value): return value ? "true" : "false"
        case .null: return "null"
        }
    }
}

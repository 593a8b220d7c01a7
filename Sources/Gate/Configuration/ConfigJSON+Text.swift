//===----------------------------------------------------------------------===//
// ConfigJSON+Text.swift: a JSON value written back as indented text.
//===----------------------------------------------------------------------===//

import GateCore

extension ConfigJSON {
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
}

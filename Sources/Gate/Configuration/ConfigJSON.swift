//===----------------------------------------------------------------------===//
// ConfigJSON.swift: a parsed JSON value that keeps key order and the kind of each value.
//===----------------------------------------------------------------------===//

/// A JSON value as the configuration reader sees it: objects keep their keys in order (for
/// messages), and numbers remember whether they were written as integers.
enum ConfigJSON: Equatable, Sendable {
    /// `{…}` with its members in document order.
    case object([(key: String, value: ConfigJSON)])
    /// `[…]`.
    case array([ConfigJSON])
    /// `"…"`.
    case string(String)
    /// A number, as a `Double`, with its integer value when it was written without a fraction
    /// or exponent and fits in `Int`.
    case number(Double, integer: Int?)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    static func == (lhs: ConfigJSON, rhs: ConfigJSON) -> Bool {
        switch (lhs, rhs) {
        case let (.object(left), .object(right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.array(left), .array(right)): left == right
        case let (.string(left), .string(right)): left == right
        case let (.number(left, _), .number(right, _)): left == right
        case let (.bool(left), .bool(right)): left == right
        case (.null, .null): true
        default: false
        }
    }

    /// How a message names this value: `"ten"`, `42`, `true`, `null`, `an array`, `an object`.
    var shortDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case let .string(text):
            let clipped = text.count > 40 ? String(text.prefix(40)) + "…" : text
            var quoted = "\""
            for scalar in clipped.unicodeScalars {
                switch scalar {
                case "\"": quoted += "\\\""
                case "\\": quoted += "\\\\"
                case "\n": quoted += "\\n"
                case _ where scalar.value < 0x20: quoted += "\\u{\(String(scalar.value, radix: 16))}"
                default: quoted.unicodeScalars.append(scalar)
                }
            }
            return quoted + "\""
        case let .number(value, integer):
            if let integer { return String(integer) }
            return String(value)
        case let .bool(value): return value ? "true" : "false"
        case .null: return "null"
        }
    }
}

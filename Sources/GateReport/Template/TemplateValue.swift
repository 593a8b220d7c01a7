//===----------------------------------------------------------------------===//
// TemplateValue.swift: the value tree a template reads.
//===----------------------------------------------------------------------===//

/// The values a template reads: a small tree built from the report (``GateReport/templateContext``).
package enum TemplateValue: Equatable, Sendable {
    /// Text.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// A number (integers print without a fraction).
    case number(Double)
    /// A list, for `{{#each}}`.
    case list([TemplateValue])
    /// Named fields, for `{{a.b}}`.
    case object([String: TemplateValue])

    /// An object from `pairs`, leaving out the `nil` ones (so `{{#if}}` sees them as absent).
    package static func fields(_ pairs: KeyValuePairs<String, TemplateValue?>) -> TemplateValue {
        var fields: [String: TemplateValue] = [:]
        for (key, value) in pairs {
            if let value { fields[key] = value }
        }
        return .object(fields)
    }

    /// An integer.
    package static func int(_ value: Int) -> TemplateValue {
        .number(Double(value))
    }

    /// Whether `{{#if}}` takes its first branch: a non-empty string or list, `true`, a non-zero
    /// number, any object.
    package var isTruthy: Bool {
        switch self {
        case let .string(text): !text.isEmpty
        case let .bool(flag): flag
        case let .number(number): number != 0 && !number.isNaN
        case let .list(items): !items.isEmpty
        case .object: true
        }
    }

    /// The value as text before escaping: numbers without a needless `.0`, lists joined with
    /// `, ` (empty ones left out), objects as nothing.
    package var text: String {
        switch self {
        case let .string(text):
            return text
        case let .bool(flag):
            return flag ? "true" : "false"
        case let .number(number):
            if let integer = Int(exactly: number) { return String(integer) }
            return String(describing: number)
        case let .list(items):
            return items.map(\.text).filter { !$0.isEmpty }.joined(separator: ", ")
        case .object:
            return ""
        }
    }

    /// The field `name` of an object, or `nil`.
    package subscript(field name: String) -> TemplateValue? {
        guard case let .object(fields) = self else { return nil }
        return fields[name]
    }
}

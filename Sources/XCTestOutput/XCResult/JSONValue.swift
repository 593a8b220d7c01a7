//===----------------------------------------------------------------------===//
// JSONValue.swift: one parsed JSON value, as xcresulttool writes them.
//===----------------------------------------------------------------------===//

/// A JSON value. Objects keep their members in order (a repeated key: the last one wins on lookup).
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One member of an object.
    struct Member: Sendable, Hashable {
        var key: String
        var value: JSONValue
    }

    /// The value of member `key` of an object; `nil` for a missing key or a non-object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The string, if this is one.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number, if this is one.
    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}

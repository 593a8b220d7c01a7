//===----------------------------------------------------------------------===//
// JSONValue.swift: one JSON value read by JSONReader, objects in document order.
//===----------------------------------------------------------------------===//

/// A JSON value as ``JSONReader`` reads it. Objects keep their members in document order (for
/// messages and for writers that keep a fixed order); a key appears at most once, because the
/// reader refuses duplicates. Numbers keep whether they were written as integers.
package enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as a `Double`, with its integer value when it was written without a fraction or
    /// exponent and fits in `Int`.
    case number(Double, integer: Int?)
    /// `"…"`.
    case string(String)
    /// `[…]`.
    case array([JSONValue])
    /// `{…}` with its members in document order.
    case object([Member])

    /// One member of an object.
    package struct Member: Sendable, Hashable {
        /// The key.
        package var key: String
        /// The value.
        package var value: JSONValue

        /// A member.
        package init(key: String, value: JSONValue) {
            (self.key, self.value) = (key, value)
        }
    }

    /// The value of member `key` of an object; `nil` for a missing key or a non-object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, if this is one.
    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number, if this is one.
    package var number: Double? {
        if case .number(let value, _) = self { return value }
        return nil
    }

    /// The integer, if this is a number written as one that fits in `Int`.
    package var integer: Int? {
        if case .number(_, let integer) = self { return integer }
        return nil
    }

    /// The flag, if this is `true` or `false`.
    package var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The elements, if this is an array.
    package var array: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The members, if this is an object.
    package var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }
}

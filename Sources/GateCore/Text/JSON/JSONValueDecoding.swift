//===----------------------------------------------------------------------===//
// JSONValueDecoding.swift: the Decoder JSONValueDecoder hands to init(from:), one per value.
//===----------------------------------------------------------------------===//

/// The `Decoder` for one ``JSONValue`` at one coding path; it is also that value's single-value
/// container. The static functions turn a value into a scalar for every container, and word
/// mismatches as `JSONDecoder` does (same cases, same types, same paths).
///
/// The Int128 and UInt128 requirements (macOS 15, iOS 18) take the protocol's default, which
/// only those systems ask for; the Codable models read here hold no 128-bit integers.
struct JSONValueDecoding: Decoder, SingleValueDecodingContainer {  // darwin-availability: guarded
    /// The value being decoded.
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw Self.mismatch([String: Any].self, value, at: codingPath, container: "keyed")
        }
        return KeyedDecodingContainer(JSONValueKeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw Self.mismatch([Any].self, value, at: codingPath, container: "unkeyed")
        }
        return JSONValueUnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: - Single value

    func decodeNil() -> Bool { Self.isNull(value) }
    func decode(_ type: Bool.Type) throws -> Bool { try Self.bool(value, at: codingPath) }
    func decode(_ type: String.Type) throws -> String { try Self.string(value, at: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try Self.floatingPoint(value, as: type, at: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try Self.floatingPoint(value, as: type, at: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try Self.integer(value, as: type, at: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try Self.integer(value, as: type, at: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try Self.integer(value, as: type, at: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try Self.integer(value, as: type, at: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Self.integer(value, as: type, at: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try Self.integer(value, as: type, at: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try Self.integer(value, as: type, at: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try Self.integer(value, as: type, at: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try Self.integer(value, as: type, at: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try Self.integer(value, as: type, at: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    // MARK: - Scalars, for every container

    static func bool(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws(DecodingError) -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, at: path()) }
        return flag
    }

    static func string(_ value: JSONValue, at path: @autoclosure () -> [any CodingKey]) throws(DecodingError) -> String {
        guard case .string(let text) = value else { throw mismatch(String.self, value, at: path()) }
        return text
    }

    /// Any number; an integer is its exact `Double`.
    static func floatingPoint<T: BinaryFloatingPoint>(
        _ value: JSONValue, as type: T.Type, at path: @autoclosure () -> [any CodingKey]
    ) throws(DecodingError) -> T {
        guard case .number(let number, _) = value else { throw mismatch(T.self, value, at: path()) }
        let result = T(number)
        // The reader refused what overflows a Double; a Float can still overflow.
        guard result.isFinite else {
            throw refused(JSONNumberRefusal(floatingPoint: number, type: String(describing: T.self)), at: path())
        }
        return result
    }

    /// Only a number written as an integer that `T` holds: never a fraction, never a trap.
    static func integer<T: FixedWidthInteger>(
        _ value: JSONValue, as type: T.Type, at path: @autoclosure () -> [any CodingKey]
    ) throws(DecodingError) -> T {
        guard case .number(let number, let integer) = value else { throw mismatch(T.self, value, at: path()) }
        guard let integer, let result = T(exactly: integer) else {
            throw refused(JSONNumberRefusal(integer: number, for: T.self), at: path())
        }
        return result
    }

    // MARK: - Errors, as JSONDecoder words them

    /// `valueNotFound` for `null`, `typeMismatch` for any other value that is not a `type`.
    static func mismatch(_ type: Any.Type, _ value: JSONValue, at path: [any CodingKey], container: String? = nil) -> DecodingError {
        if isNull(value) {
            let what = container.map { "Cannot get \($0) decoding container" } ?? "Cannot get value of type \(type)"
            return .valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: "\(what) -- found null value instead"))
        }
        return .typeMismatch(
            type,
            DecodingError.Context(codingPath: path, debugDescription: "Expected to decode \(type) but found \(kind(of: value)) instead."))
    }

    static func refused(_ refusal: JSONNumberRefusal, at path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: refusal.description, underlyingError: refusal))
    }

    /// Whether `value` is `null` (a pattern, not `==`, which would compare whole trees).
    static func isNull(_ value: JSONValue) -> Bool {
        if case .null = value { return true }
        return false
    }

    /// The kind of a value, for debug descriptions.
    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

//===----------------------------------------------------------------------===//
// JSONValueKeyedContainer.swift: an object's members as a keyed decoding container.
//===----------------------------------------------------------------------===//

/// An object's members for `init(from:)`. Keys the type does not ask for are ignored, as
/// `JSONDecoder` ignores them; the reader already refused a key that appears twice.
///
/// The Int128 and UInt128 requirements (macOS 15, iOS 18) take the protocol's default, which
/// only those systems ask for; the Codable models read here hold no 128-bit integers.
struct JSONValueKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {  // darwin-availability: guarded
    /// The members in document order; a model's objects have a dozen keys, so a linear search is
    /// cheaper than hashing every key into a dictionary first.
    let members: [JSONValue.Member]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    /// The value of `key`, `nil` when the object has no such member.
    private func member(_ key: Key) -> JSONValue? {
        let name = key.stringValue
        for member in members where member.key == name { return member.value }
        return nil
    }

    /// The value of `key`, or `keyNotFound`.
    private func required(_ key: Key) throws(DecodingError) -> JSONValue {
        guard let value = member(key) else {
            throw .keyNotFound(
                key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return value
    }

    /// The value of `key` when present and not `null`.
    private func present(_ key: Key) -> JSONValue? {
        guard let value = member(key), !JSONValueDecoding.isNull(value) else { return nil }
        return value
    }

    private func decoder(_ value: JSONValue, _ key: Key) -> JSONValueDecoding {
        JSONValueDecoding(value: value, codingPath: codingPath + [key])
    }

    // MARK: - Required values

    func decodeNil(forKey key: Key) throws -> Bool { JSONValueDecoding.isNull(try required(key)) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try JSONValueDecoding.bool(try required(key), at: codingPath + [key])
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try JSONValueDecoding.string(try required(key), at: codingPath + [key])
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try floatingPoint(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try floatingPoint(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: decoder(try required(key), key))
    }

    private func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type, _ key: Key) throws(DecodingError) -> T {
        try JSONValueDecoding.floatingPoint(try required(key), as: type, at: codingPath + [key])
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws(DecodingError) -> T {
        try JSONValueDecoding.integer(try required(key), as: type, at: codingPath + [key])
    }

    // MARK: - Optional values: absent and `null` are both `nil`, as with JSONDecoder

    // One lookup each instead of the default's three (contains, decodeNil, decode).

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try ifPresent(key) { try JSONValueDecoding.bool($0, at: $1) }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try ifPresent(key) { try JSONValueDecoding.string($0, at: $1) }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try ifPresent(key) { try JSONValueDecoding.floatingPoint($0, as: type, at: $1) }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try ifPresent(key) { try JSONValueDecoding.integer($0, as: type, at: $1) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try ifPresent(key) { try T(from: JSONValueDecoding(value: $0, codingPath: $1)) }
    }

    /// `key`'s value read by `read` (given the value and its coding path); `nil` when the member
    /// is absent or `null`.
    private func ifPresent<T>(_ key: Key, _ read: (JSONValue, [any CodingKey]) throws -> T) throws -> T? {
        guard let value = present(key) else { return nil }
        return try read(value, codingPath + [key])
    }

    // MARK: - Nested containers

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(try required(key), key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(try required(key), key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONValueDecoding(
            value: members.first { $0.key == JSONIndexKey.superKey.stringValue }?.value ?? .null,
            codingPath: codingPath + [JSONIndexKey.superKey])
    }

    /// The member's value, `null` when absent, as `JSONDecoder` hands it.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder(member(key) ?? .null, key)
    }
}

//===----------------------------------------------------------------------===//
// JSONValueUnkeyedContainer.swift: an array's elements as an unkeyed decoding container.
//===----------------------------------------------------------------------===//

/// An array's elements for `init(from:)`, read in order. The index moves on only after an element
/// decoded, as with `JSONDecoder`, and reading past the end is `valueNotFound`, never a trap.
///
/// The Int128 and UInt128 requirements (macOS 15, iOS 18) take the protocol's default, which
/// only those systems ask for; the Codable models read here hold no 128-bit integers.
struct JSONValueUnkeyedContainer: UnkeyedDecodingContainer {  // darwin-availability: guarded
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The coding path of the current element.
    private var elementPath: [any CodingKey] { codingPath + [JSONIndexKey(intValue: currentIndex)] }

    /// The current element, or `valueNotFound` at the end.
    private func current(_ type: Any.Type) throws(DecodingError) -> JSONValue {
        guard currentIndex >= 0, currentIndex < elements.count else {
            throw .valueNotFound(type, DecodingError.Context(codingPath: elementPath, debugDescription: "Unkeyed container is at end."))
        }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard JSONValueDecoding.isNull(try current((Any?).self)) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try JSONValueDecoding.bool($0, at: $1) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try JSONValueDecoding.string($0, at: $1) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try floatingPoint(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try floatingPoint(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(type) { try T(from: JSONValueDecoding(value: $0, codingPath: $1)) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try JSONValueDecoding(value: $0, codingPath: $1).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try JSONValueDecoding(value: $0, codingPath: $1).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { JSONValueDecoding(value: $0, codingPath: $1) }
    }

    private mutating func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type) throws -> T {
        try next(type) { try JSONValueDecoding.floatingPoint($0, as: type, at: $1) }
    }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        try next(type) { try JSONValueDecoding.integer($0, as: type, at: $1) }
    }

    /// The current element read by `read` (given its value and coding path), then the next one;
    /// when `read` throws, the index stays, as with `JSONDecoder`.
    private mutating func next<T>(_ type: Any.Type, _ read: (JSONValue, [any CodingKey]) throws -> T) throws -> T {
        let result = try read(try current(type), elementPath)
        currentIndex += 1
        return result
    }
}

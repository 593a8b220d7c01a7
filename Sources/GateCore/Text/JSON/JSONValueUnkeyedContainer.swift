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

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let result = try JSONValueDecoding.bool(try current(type), at: elementPath)
        currentIndex += 1
        return result
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let result = try JSONValueDecoding.string(try current(type), at: elementPath)
        currentIndex += 1
        return result
    }

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
        let value = try current(type)
        let result = try T(from: JSONValueDecoding(value: value, codingPath: elementPath))
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try current(KeyedDecodingContainer<NestedKey>.self)
        let container = try JSONValueDecoding(value: value, codingPath: elementPath).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try current((any UnkeyedDecodingContainer).self)
        let container = try JSONValueDecoding(value: value, codingPath: elementPath).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let value = try current((any Decoder).self)
        let decoder = JSONValueDecoding(value: value, codingPath: elementPath)
        currentIndex += 1
        return decoder
    }

    private mutating func floatingPoint<T: BinaryFloatingPoint>(_ type: T.Type) throws(DecodingError) -> T {
        let result = try JSONValueDecoding.floatingPoint(try current(type), as: type, at: elementPath)
        currentIndex += 1
        return result
    }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws(DecodingError) -> T {
        let result = try JSONValueDecoding.integer(try current(type), as: type, at: elementPath)
        currentIndex += 1
        return result
    }
}

//===----------------------------------------------------------------------===//
// Decoder+ConfigSection.swift: an object of the configuration, its keys checked against the type's.
//===----------------------------------------------------------------------===//

extension Decoder {
    /// The object being decoded, after checking every key it has against `Key`'s cases: the
    /// first key (in document order) that is none of them is a ``ConfigProblem/Kind/unknownKey(allowed:)``,
    /// so a type's accepted keys are its coding keys and nothing else.
    ///
    /// - Parameter refusing: keys once accepted and now refused with their own reason (checked first).
    func configSection<Key: CodingKey & CaseIterable>(
        keyedBy type: Key.Type, refusing: [String: String] = [:]
    ) throws -> KeyedDecodingContainer<Key> {
        let expectation = codingPath.isEmpty ? "an object at the top level" : "an object"
        let members = try ConfigProblem.expecting(expectation, at: codingPath) { try container(keyedBy: ConfigKey.self) }
        for key in members.allKeys {
            if let reason = refusing[key.stringValue] {
                throw ConfigProblem(at: codingPath + [key], .problem(reason))
            }
        }
        for key in members.allKeys where Key(stringValue: key.stringValue) == nil {
            throw ConfigProblem(at: codingPath + [key], .unknownKey(allowed: Key.allCases.map(\.stringValue)))
        }
        return try container(keyedBy: type)
    }

    /// The value being decoded as `T`; another type, `null`, or a value `valid` refuses is
    /// "expected `expectation`" here.
    func configValue<T: Decodable>(_ type: T.Type, expecting expectation: String, valid: (T) -> Bool = { _ in true }) throws -> T {
        try ConfigProblem.expecting(expectation, at: codingPath, { try singleValueContainer().decode(type) }, valid: valid)
    }

    /// The elements of the array being decoded, each read by `read` from its own decoder (at
    /// `…[index]`); not an array, or a count `count` refuses, is "expected `expectation`" here.
    func configElements<T>(
        expecting expectation: String, count: (Int) -> Bool = { _ in true }, _ read: (any Decoder) throws -> T
    ) throws -> [T] {
        var list = try ConfigProblem.expecting(expectation, at: codingPath, { try unkeyedContainer() }) { count($0.count ?? 0) }
        var elements: [T] = []
        while !list.isAtEnd {
            elements.append(try read(try list.superDecoder()))
        }
        return elements
    }

    /// A command line: a non-empty array of strings whose first element is not empty.
    func argv() throws -> [String] {
        let words = try configValue([String].self, expecting: "a non-empty array of strings (the program and its arguments)") {
            !$0.isEmpty
        }
        guard let program = words.first, !program.isEmpty else {
            throw ConfigProblem(at: codingPath, .problem("the program (the first element) must not be empty"))
        }
        return words
    }
}

extension ConfigProblem {
    /// What `read` reads; a wrong type, a `null` or a refused number at exactly `codingPath`, or a
    /// value `valid` refuses, is "expected `expectation`" there. Problems deeper in (an element of
    /// a list) keep their own place and wording.
    static func expecting<T>(
        _ expectation: String, at codingPath: [any CodingKey], _ read: () throws -> T, valid: (T) -> Bool = { _ in true }
    ) throws -> T {
        let value: T
        do {
            value = try read()
        } catch let error as DecodingError where steps(Self.codingPath(of: error)) == steps(codingPath) {
            throw ConfigProblem(at: codingPath, .expected(expectation))
        }
        guard valid(value) else { throw ConfigProblem(at: codingPath, .expected(expectation)) }
        return value
    }
}

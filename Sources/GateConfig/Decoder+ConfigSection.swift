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

    /// A command line: a non-empty array of strings whose first element is not empty.
    func argv() throws -> [String] {
        let words = try ConfigProblem.expecting("a non-empty array of strings (the program and its arguments)", at: codingPath) {
            try singleValueContainer().decode([String].self)
        }
        guard !words.isEmpty else {
            throw ConfigProblem(at: codingPath, .expected("a non-empty array of strings (the program and its arguments)"))
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

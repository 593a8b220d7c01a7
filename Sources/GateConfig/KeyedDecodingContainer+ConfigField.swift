//===----------------------------------------------------------------------===//
// KeyedDecodingContainer+ConfigField.swift: reading one setting, worded as the configuration words it.
//===----------------------------------------------------------------------===//

extension KeyedDecodingContainer {
    /// The setting at `key` when the object has it, `nil` when it does not (so the caller keeps
    /// its initialiser's default: `try field(…) ?? default`). A value of another type, `null`, or
    /// one `valid` refuses is "expected `expectation`, found …" at the key.
    func field<T: Decodable>(
        _ type: T.Type, _ key: Key, expecting expectation: String, valid: (T) -> Bool = { _ in true }
    ) throws -> T? {
        guard contains(key) else { return nil }
        return try superDecoder(forKey: key).configValue(type, expecting: expectation, valid: valid)
    }

    /// ``field(_:_:expecting:valid:)`` for a setting that must be there; `missing` says what to add.
    func required<T: Decodable>(
        _ type: T.Type, _ key: Key, expecting expectation: String, missing: String, valid: (T) -> Bool = { _ in true }
    ) throws -> T {
        guard let value = try field(type, key, expecting: expectation, valid: valid) else {
            throw ConfigProblem(at: codingPath, .problem(missing))
        }
        return value
    }

    /// A non-empty string.
    func text(_ key: Key) throws -> String? {
        try field(String.self, key, expecting: "a non-empty string") { !$0.isEmpty }
    }

    /// A number of seconds, positive and at most `maximum`, as the run's `Duration`.
    func seconds(_ key: Key, maximum: Double) throws -> Duration? {
        guard let seconds = try field(Double.self, key, expecting: "a positive number of seconds", valid: { $0 > 0 }) else { return nil }
        guard seconds <= maximum else {
            throw ConfigProblem(at: codingPath + [key], .expected("at most \(Self.shown(maximum)) seconds"))
        }
        return Self.duration(seconds)
    }

    /// A number of seconds in `range` (checked by the caller's phrase), as a `Duration`.
    func seconds(_ key: Key, in range: ClosedRange<Double>, expecting expectation: String) throws -> Duration? {
        try field(Double.self, key, expecting: expectation) { range.contains($0) }.map(Self.duration)
    }

    /// Seconds as the run's `Duration` (range-checked where read, so the product fits).
    private static func duration(_ seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    /// `number` without a needless `.0`.
    private static func shown(_ number: Double) -> String {
        Int(exactly: number).map(String.init) ?? String(number)
    }

    /// A command line (see `Decoder.argv()`).
    func argv(_ key: Key) throws -> [String]? {
        guard contains(key) else { return nil }
        return try superDecoder(forKey: key).argv()
    }

    /// The object at `key`, its keys checked against `Nested`'s (see `Decoder.configSection`).
    func section<Nested: CodingKey & CaseIterable>(
        _ key: Key, keyedBy type: Nested.Type, refusing: [String: String] = [:]
    ) throws -> KeyedDecodingContainer<Nested>? {
        guard contains(key) else { return nil }
        return try superDecoder(forKey: key).configSection(keyedBy: type, refusing: refusing)
    }

    /// An object of string values: environment variables.
    func environment(_ key: Key) throws -> [String: String]? {
        guard contains(key) else { return nil }
        let path = codingPath + [key]
        let variables = try ConfigProblem.expecting("an object of string values", at: path) {
            try nestedContainer(keyedBy: ConfigKey.self, forKey: key)
        }
        var result: [String: String] = [:]
        for name in variables.allKeys {
            guard !name.stringValue.isEmpty, !name.stringValue.contains("="), !name.stringValue.contains("\0") else {
                throw ConfigProblem(at: path + [name], .problem("not a valid environment variable name"))
            }
            result[name.stringValue] = try variables.field(String.self, name, expecting: "a string")
        }
        return result
    }
}

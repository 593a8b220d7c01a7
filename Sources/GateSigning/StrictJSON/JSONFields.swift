//===----------------------------------------------------------------------===//
// JSONFields.swift: typed reads of an untrusted object's fields, each failure naming the field.
//===----------------------------------------------------------------------===//

import GateCore

/// Reads the fields of an untrusted JSON object read by ``StrictJSONScanner``: each read checks
/// the type, and a missing or mistyped field is a ``SigningError`` worded by `problem` with the
/// field's path, e.g. `field 'signatures[0].sig' is missing`.
struct JSONFields {
    /// The object read.
    let root: JSONValue
    /// The problem a reason becomes (`not a DSSE envelope: …`).
    let problem: (String) -> VerificationProblem

    /// Fields of `root`; `problem` words what is wrong.
    init(_ root: JSONValue, problem: @escaping (String) -> VerificationProblem) {
        self.root = root
        self.problem = problem
    }

    /// The string `key` of `object` (the root by default), which is at `path`.
    func string(_ key: String, of object: JSONValue? = nil, at path: String = "") throws(SigningError) -> String {
        guard let text = try optionalString(key, of: object, at: path) else { throw failure(key, at: path, "is missing") }
        return text
    }

    /// The string `key` of `object`, or `nil` when it is missing (DSSE treats unset as empty);
    /// with `nullIsMissing`, also when it is `null` (an optional in-toto field).
    func optionalString(_ key: String, of object: JSONValue? = nil, at path: String = "", nullIsMissing: Bool = false)
        throws(SigningError) -> String?
    {
        guard let value = try member(key, of: object, at: path), !(nullIsMissing && value == .null) else { return nil }
        guard let text = value.string else { throw failure(key, at: path, "has the wrong type") }
        return text
    }

    /// The object `key` of `object`.
    func object(_ key: String, of object: JSONValue? = nil, at path: String = "") throws(SigningError) -> JSONValue {
        guard let value = try member(key, of: object, at: path) else { throw failure(key, at: path, "is missing") }
        guard case .object = value else { throw failure(key, at: path, "has the wrong type") }
        return value
    }

    /// The array `key` of `object`, every element a string.
    func strings(_ key: String, of object: JSONValue? = nil, at path: String = "") throws(SigningError) -> [String] {
        var strings: [String] = []
        for (index, element) in try array(key, of: object, at: path).enumerated() {
            guard let text = element.string else {
                throw failure(index: index, at: JSONKeyPath.appending(key: key, to: path), "has the wrong type")
            }
            strings.append(text)
        }
        return strings
    }

    /// The object `key` of `object` as a map, every member a string (an in-toto digest set).
    func stringMap(_ key: String, of object: JSONValue? = nil, at path: String = "") throws(SigningError) -> [String: String] {
        guard let map = try optionalStringMap(key, of: object, at: path) else { throw failure(key, at: path, "is missing") }
        return map
    }

    /// ``stringMap(_:of:at:)``, or `nil` when the member is missing or `null`.
    func optionalStringMap(_ key: String, of object: JSONValue? = nil, at path: String = "") throws(SigningError)
        -> [String: String]?
    {
        guard let value = try member(key, of: object, at: path), value != .null else { return nil }
        guard let members = value.members else { throw failure(key, at: path, "has the wrong type") }
        var map: [String: String] = [:]
        for member in members {
            guard let text = member.value.string else {
                throw failure(member.key, at: JSONKeyPath.appending(key: key, to: path), "has the wrong type")
            }
            map[member.key] = text
        }
        return map
    }

    /// The array `key` of `object`.
    func array(_ key: String, of object: JSONValue? = nil, at path: String = "") throws(SigningError) -> [JSONValue] {
        guard let value = try member(key, of: object, at: path) else { throw failure(key, at: path, "is missing") }
        guard let elements = value.array else { throw failure(key, at: path, "has the wrong type") }
        return elements
    }

    /// Member `key` of `object`, `nil` when missing; `object` itself must be an object.
    private func member(_ key: String, of object: JSONValue?, at path: String) throws(SigningError) -> JSONValue? {
        let object = object ?? root
        guard case .object = object else {
            throw .verificationFailed([problem(path.isEmpty ? "it is not a JSON object" : "field '\(path)' has the wrong type")])
        }
        return object[key]
    }

    /// `field 'path.key' <what>`; a key that is not plain is quoted and clipped (``JSONKeyPath``).
    private func failure(_ key: String, at path: String, _ what: String) -> SigningError {
        .verificationFailed([problem("field '\(JSONKeyPath.appending(key: key, to: path))' \(what)")])
    }

    /// `field 'path[index]' <what>`.
    private func failure(index: Int, at path: String, _ what: String) -> SigningError {
        .verificationFailed([problem("field '\(JSONKeyPath.appending(index: index, to: path))' \(what)")])
    }
}

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

    /// The string `key` of `object`, or `nil` when it is missing (DSSE treats unset as empty).
    func optionalString(_ key: String, of object: JSONValue? = nil, at path: String = "") throws(SigningError) -> String? {
        guard let value = try member(key, of: object, at: path) else { return nil }
        guard let text = value.string else { throw failure(key, at: path, "has the wrong type") }
        return text
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

    /// `field 'path.key' <what>`.
    private func failure(_ key: String, at path: String, _ what: String) -> SigningError {
        .verificationFailed([problem("field '\(path.isEmpty ? key : path + "." + key)' \(what)")])
    }
}

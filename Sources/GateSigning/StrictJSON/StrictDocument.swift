//===----------------------------------------------------------------------===//
// StrictDocument.swift: an untrusted document's fields through GateCore's strict Decoder.
//===----------------------------------------------------------------------===//

import GateCore

/// Decodes the fields of an untrusted JSON object read by ``StrictJSONScanner`` with GateCore's
/// strict `Decoder` (the one that reads reports and the configuration); a missing or mistyped
/// field is a ``SigningError`` worded by `problem` with the field's path, e.g.
/// `field 'signatures[0].sig' is missing`. A rule a type's `init(from:)` applies itself throws
/// its own ``SigningError``, which comes out as it is.
enum StrictDocument {
    /// `type` decoded from `root`.
    static func decode<T: Decodable>(
        _ type: T.Type, from root: JSONValue, problem: (String) -> VerificationProblem
    ) throws(SigningError) -> T {
        do {
            return try JSONValueDecoder().decode(type, from: root)
        } catch {
            if case .dataCorrupted(let context) = error, let own = context.underlyingError as? SigningError { throw own }
            throw .verificationFailed([problem(reason(error))])
        }
    }

    /// `field 'path' is missing` or `has the wrong type`; `it is not a JSON object` at the top.
    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "field '\(path(context.codingPath + [key]))' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not a JSON object" : "field '\(path(context.codingPath))' has the wrong type"
        @unknown default:
            return "\(error)"
        }
    }

    /// A coding path as ``JSONKeyPath`` shows it (`subject[1].digest["odd key"]`): an element's key
    /// is the decoder's `Index n`; any other key is a member name, even one written as digits.
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("") { path, key in
            if let index = key.intValue, key.stringValue == "Index \(index)" { return JSONKeyPath.appending(index: index, to: path) }
            return JSONKeyPath.appending(key: key.stringValue, to: path)
        }
    }
}

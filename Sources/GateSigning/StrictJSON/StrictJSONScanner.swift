//===----------------------------------------------------------------------===//
// StrictJSONScanner.swift: the verifier's words for what GateText's JSONReader refuses.
//===----------------------------------------------------------------------===//

import GateCore

/// Checks that bytes are one JSON object that every JSON reader reads the same way, with
/// GateText's ``JSONReader``, and words what it refuses as the verifier reports it. Foundation's
/// `JSONSerialization` and `JSONDecoder` keep the *last* of two equal keys while other readers
/// keep the first or refuse, so a signed envelope or report with `"verdict"` twice could verify
/// as one thing and be read as another.
///
/// Refused as an ambiguity (what readers disagree on), each with its key path: a key twice in
/// one object at any depth (compared after unescaping and as Swift strings), invalid UTF-8,
/// unpaired surrogate escapes, raw control characters, a byte order mark, bytes after the
/// object, numbers too large for a double, nesting deeper than ``maxDepth`` and documents larger
/// than the caller's limit. Anything else that is not JSON, and a top level that is not one
/// object, is plain bad syntax.
enum StrictJSONScanner {
    /// The deepest nesting of objects and arrays accepted; the gate's documents nest about 6 deep.
    static let maxDepth = 64

    /// Reads `bytes` as one strict JSON object.
    ///
    /// - Parameters:
    ///   - bytes: the document.
    ///   - limit: the largest size accepted, in bytes.
    /// - Throws: ``StrictJSONViolation`` at the first problem found.
    @discardableResult
    static func read(_ bytes: [UInt8], limit: Int) throws(StrictJSONViolation) -> JSONValue {
        let top = JSONKeyPath.topLevel
        guard bytes.count <= limit else {
            throw StrictJSONViolation(path: top, problem: "the document is larger than \(limit) bytes", isAmbiguity: true)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw StrictJSONViolation(path: top, problem: "it starts with a byte order mark", isAmbiguity: true)
        }
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        guard first == UInt8(ascii: "{") else {
            throw StrictJSONViolation(
                path: top, problem: first == nil ? "it is empty" : "the top level is not one JSON object", isAmbiguity: false)
        }
        do throws(JSONReadError) {
            return try JSONReader.read(
                bytes, limits: JSONReader.Limits(maximumDepth: maxDepth, maximumBytes: limit, allowsByteOrderMark: false))
        } catch {
            throw violation(error)
        }
    }

    /// The first violation in `bytes`, or `nil` when it is strict JSON. Callers throw an
    /// ambiguity at once, let their decoder word plain bad syntax, and still refuse the document
    /// if the decoder accepted what this check refused.
    static func violation(in bytes: [UInt8], limit: Int) -> StrictJSONViolation? {
        do throws(StrictJSONViolation) {
            try read(bytes, limit: limit)
            return nil
        } catch {
            return error
        }
    }

    /// The problem to report for `violation` in `bytes`, the document `file`: an ambiguity as
    /// such; a top level that is not an object, or text that is not JSON, as `notJSON` words it
    /// (`it is not JSON`, `it is not a JSON object`, or where the syntax breaks).
    static func problem(
        _ violation: StrictJSONViolation, in bytes: [UInt8], file: String, notJSON: (String) -> VerificationProblem
    ) -> VerificationProblem {
        if violation.isAmbiguity { return .ambiguousJSON(file: file, path: violation.path, problem: violation.problem) }
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        guard first == UInt8(ascii: "{") else {
            let isJSON = (try? JSONReader.read(bytes, limits: JSONReader.Limits(maximumDepth: maxDepth, maximumBytes: bytes.count))) != nil
            return notJSON(isJSON ? "it is not a JSON object" : "it is not JSON")
        }
        return notJSON("it is not JSON: \(violation.problem) at '\(violation.path)'")
    }

    /// `error` in the verifier's words.
    private static func violation(_ error: JSONReadError) -> StrictJSONViolation {
        let path = error.path.isEmpty ? JSONKeyPath.topLevel : error.path
        let ambiguity: (String, String)?
        switch error.problem {
        case .duplicateKey(let key):
            ambiguity = (JSONKeyPath.appending(key: key, to: error.path), "the key '\(JSONKeyPath.shown(key))' appears twice in one object")
        case .invalidUTF8: ambiguity = (path, "a string is not valid UTF-8 (at byte \(error.offset))")
        case .loneSurrogate: ambiguity = (path, "a string holds an unpaired surrogate escape")
        case .controlCharacter(let byte):
            ambiguity = (path, "a string holds a raw control character (\(JSONReadError.show(byte, quoted: true))); escape it")
        case .trailingText: ambiguity = (JSONKeyPath.topLevel, "there are bytes after the top-level object (at byte \(error.offset))")
        case .numberOutOfRange(let text):
            ambiguity = (path, "the number \(text.prefix(24)) does not fit a double, so readers disagree on its value")
        case .tooDeep(let limit): ambiguity = (path, "objects and arrays nest deeper than \(limit)")
        case .tooLarge(let limit): ambiguity = (JSONKeyPath.topLevel, "the document is larger than \(limit) bytes")
        case .byteOrderMark: ambiguity = (JSONKeyPath.topLevel, "it starts with a byte order mark")
        default: ambiguity = nil
        }
        if let (place, problem) = ambiguity { return StrictJSONViolation(path: place, problem: problem, isAmbiguity: true) }
        let problem = error.problem == .expectedKey ? "expected a quoted key" : error.message
        return StrictJSONViolation(path: path, problem: problem, isAmbiguity: false)
    }
}

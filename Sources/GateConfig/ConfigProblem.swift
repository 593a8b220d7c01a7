//===----------------------------------------------------------------------===//
// ConfigProblem.swift: what a configuration type's init(from:) refuses, and where.
//===----------------------------------------------------------------------===//

import GateCore

/// A refusal thrown while the configuration types decode themselves: where (the coding path, as
/// steps), and what. ``configurationError(file:root:)`` words it as the one-line
/// ``ConfigurationError`` the user sees, quoting the value found from the document itself, so an
/// `init(from:)` states only what it expected.
struct ConfigProblem: Error, Equatable {
    /// One step of a key path.
    enum Step: Equatable, Sendable {
        /// A member of an object.
        case key(String)
        /// An element of an array.
        case index(Int)
    }

    /// What is wrong.
    enum Kind: Equatable, Sendable {
        /// A value of the wrong type or out of range: "expected <phrase>, found <the value>".
        case expected(String)
        /// Another problem, as a phrase.
        case problem(String)
        /// A key the object does not accept; `allowed` are the keys it does, in declaration order.
        case unknownKey(allowed: [String])
    }

    /// Where, from the top level.
    var path: [Step]
    /// What.
    var kind: Kind

    /// A problem at `codingPath`.
    init(at codingPath: [any CodingKey], _ kind: Kind) {
        path = Self.steps(codingPath)
        self.kind = kind
    }

    /// The steps of a coding path: a key with an integer value is an array index (``ConfigKey``
    /// and the strict decoder's element keys), any other a member name.
    static func steps(_ codingPath: [any CodingKey]) -> [Step] {
        codingPath.map { key in key.intValue.map(Step.index) ?? .key(key.stringValue) }
    }

    /// Any error `init(from:)` threw, as a problem: ours as it is, the strict decoder's own
    /// (a wrong type, a `null`, a missing key, a refused number) worded in the same terms.
    static func from(_ error: any Error) -> ConfigProblem {
        if let problem = error as? ConfigProblem { return problem }
        guard let decoding = error as? DecodingError else { return ConfigProblem(at: [], .problem(String(describing: error))) }
        switch decoding {
        case .dataCorrupted(let context):
            if let problem = context.underlyingError as? ConfigProblem { return problem }
            if let refusal = context.underlyingError as? JSONNumberRefusal {
                return ConfigProblem(at: context.codingPath, .problem(refusal.description))
            }
            return ConfigProblem(at: context.codingPath, .problem(context.debugDescription))
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return ConfigProblem(at: context.codingPath, .expected(expectation(for: type)))
        case .keyNotFound(let key, let context):
            return ConfigProblem(at: context.codingPath, .problem("missing '\(key.stringValue)'"))
        @unknown default:
            return ConfigProblem(at: [], .problem(String(describing: decoding)))
        }
    }

    /// The coding path of a `DecodingError`.
    static func codingPath(of error: DecodingError) -> [any CodingKey] {
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
            context.codingPath
        @unknown default: []
        }
    }

    /// How a message names what a value of `type` looks like.
    private static func expectation(for type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is any FixedWidthInteger.Type: "an integer"
        case is any BinaryFloatingPoint.Type: "a number"
        case is [String: Any].Type: "an object"
        case is [Any].Type: "an array"
        default: "a value of type \(type)"
        }
    }

    /// The key path as messages and ``JSONPositions`` spell it: `suites[1].env.A`. A key that is
    /// not short printable ASCII (a hostile one may be megabytes, or hold a line break) is shown
    /// escaped and clipped, as ``JSONKeyPath`` shows it, so the message stays one short line.
    var keyPath: String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key):
                let plain = key.utf8.count <= JSONKeyPath.maxShownKey && key.utf8.allSatisfy { (0x20..<0x7F).contains($0) }
                let shown = plain ? key : "\"" + JSONKeyPath.shown(key) + "\""
                text = text.isEmpty ? shown : "\(text).\(shown)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// The user's error: `file` names the file, and `root` (the document decoded) gives the value
    /// an ``Kind/expected(_:)`` quotes and the typo an unknown key is likely of.
    func configurationError(file: String, root: JSONValue) -> ConfigurationError {
        switch kind {
        case .expected(let expectation):
            let found = value(in: root)?.shortDescription ?? "nothing"
            return .invalidValue(file: file, keyPath: keyPath, problem: "expected \(expectation), found \(found)")
        case .problem(let text):
            return .invalidValue(file: file, keyPath: keyPath, problem: text)
        case .unknownKey(let allowed):
            let key: String
            if case .key(let name)? = path.last { key = name } else { key = "" }
            return .unknownKey(
                file: file, keyPath: keyPath, suggestion: SpellingSuggestion.closest(to: key, among: allowed, tolerance: .key),
                allowed: allowed)
        }
    }

    /// The value at ``path`` in `root`, when there is one.
    private func value(in root: JSONValue) -> JSONValue? {
        var current = root
        for step in path {
            switch (step, current) {
            case (.key(let key), .object):
                guard let next = current[key] else { return nil }
                current = next
            case (.index(let index), .array(let elements)):
                guard let next = elements[safe: index] else { return nil }
                current = next
            default:
                return nil
            }
        }
        return current
    }
}

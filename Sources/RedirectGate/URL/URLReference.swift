//===----------------------------------------------------------------------===//
// URLReference.swift: an RFC 3986 URI reference, split and checked.
//===----------------------------------------------------------------------===//

/// A URI reference (an absolute URL or a relative one such as a `Location` value), split into
/// its parts per RFC 3986 and checked strictly.
///
/// Anything two mainstream parsers would read differently is refused: control characters
/// (WHATWG silently drops tab and newline), backslashes (WHATWG reads them as `/`), spaces at
/// the ends (WHATWG strips them), `http:foo` (WHATWG: relative; RFC 3986: a path), a `:` in
/// the first segment of a relative path, and more than one `@`.
struct URLReference: Hashable, Sendable {
    /// The longest text accepted, in bytes of UTF-8.
    static let maximumLength = 32 * 1024

    /// The schemes a reference may name: those with an origin of host and port.
    static let supportedSchemes: Set<String> = ["http", "https", "ws", "wss"]

    /// The lowercased scheme, or `nil` for a relative reference.
    var scheme: String?
    /// The authority, or `nil` when there is no `//`.
    var authority: URLAuthority?
    /// The path, percent-encoded, dot segments not yet removed.
    var path: String
    /// The query after `?`, percent-encoded.
    var query: String?
    /// The fragment after `#`, percent-encoded.
    var fragment: String?

    /// Parses `text` as a URI reference.
    ///
    /// - Throws: a ``RedirectPolicyError`` naming the first problem; see the type's discussion.
    static func parse(_ text: String) throws(RedirectPolicyError) -> URLReference {
        let length = text.utf8.count
        guard length <= maximumLength else { throw .tooLong(length: length, maximum: maximumLength) }
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                throw .controlCharacter(position: index + 1)
            }
            if scalar == "\\" { throw .backslash(position: index + 1) }
        }
        if scalars.first == " " || scalars.last == " " { throw .surroundingSpace }

        var reference = URLReference(scheme: nil, authority: nil, path: "", query: nil, fragment: nil)
        var rest = scalars[...]

        // MARK: Scheme
        let firstDelimiter = rest.firstIndex { $0 == ":" || $0 == "/" || $0 == "?" || $0 == "#" }
        if let colon = firstDelimiter, rest[colon] == ":" {
            let name = rest[..<colon]
            guard isScheme(name) else { throw .colonInFirstSegment }
            let scheme = String(String.UnicodeScalarView(name)).lowercased()
            guard supportedSchemes.contains(scheme) else { throw .unsupportedScheme(scheme) }
            rest = rest[(colon + 1)...]
            guard rest.starts(with: ["/", "/"]) else { throw .missingAuthority(scheme: scheme) }
            reference.scheme = scheme
        }

        // MARK: Authority
        if rest.starts(with: ["/", "/"]) {
            let start = rest.startIndex + 2
            let end = rest[start...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            reference.authority = try URLAuthority.parse(rest[start..<end], offset: start + 1)
            rest = rest[end...]
        }

        // MARK: Path, query, fragment
        let fragmentStart = rest.firstIndex(of: "#")
        let beforeFragment = rest[..<(fragmentStart ?? rest.endIndex)]
        let queryStart = beforeFragment.firstIndex(of: "?")
        let pathPart = beforeFragment[..<(queryStart ?? beforeFragment.endIndex)]
        reference.path = try PercentEncoder.encode(pathPart, as: .path, offset: pathPart.startIndex + 1)
        if let queryStart {
            let query = beforeFragment[(queryStart + 1)...]
            reference.query = try PercentEncoder.encode(query, as: .query, offset: query.startIndex + 1)
        }
        if let fragmentStart {
            let fragment = rest[(fragmentStart + 1)...]
            reference.fragment = try PercentEncoder.encode(fragment, as: .fragment, offset: fragment.startIndex + 1)
        }
        return reference
    }

    /// RFC 3986: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    private static func isScheme(_ name: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = name.first, isASCIILetter(first) else { return false }
        return name.allSatisfy { scalar in
            isASCIILetter(scalar) || (0x30...0x39).contains(scalar.value) || scalar == "+" || scalar == "-" || scalar == "."
        }
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }
}

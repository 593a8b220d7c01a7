//===----------------------------------------------------------------------===//
// ParsedURL.swift: an absolute http(s) or ws(s) URL, strictly parsed and canonical.
//===----------------------------------------------------------------------===//

import Foundation

/// An absolute `http`, `https`, `ws` or `wss` URL, parsed strictly and written back in one
/// canonical form.
///
/// The parser is RFC 3986 with the WHATWG URL host rules (IPv4 in any WHATWG form, IPv6
/// compression, IDN to punycode). Whatever two mainstream parsers would read differently is
/// refused with a ``RedirectPolicyError`` instead of guessed: see ``init(parsing:)``.
///
/// Resolving a relative reference (``init(resolving:against:)``) follows RFC 3986 section 5.2
/// exactly, independent of Foundation (which on Linux resolves a relative `Location` against
/// the root rather than the current path).
public struct ParsedURL: Hashable, Sendable {
    /// The lowercased scheme: `http`, `https`, `ws` or `wss`.
    public let scheme: String
    /// The userinfo before `@` (percent-encoded), or `nil` when there is none. Never part of
    /// the origin.
    public let userinfo: String?
    /// The canonical host.
    public let host: OriginHost
    /// The port, with the scheme's default filled in.
    public let port: Int
    /// The path, percent-encoded, dot segments removed; at least `/`.
    public let path: String
    /// The query after `?`, percent-encoded, or `nil` when there is no `?`.
    public let query: String?
    /// The fragment after `#`, percent-encoded, or `nil` when there is no `#`.
    public let fragment: String?

    /// Parses an absolute URL.
    ///
    /// Refused (each with its own error): empty or over-long text; control characters anywhere
    /// (WHATWG drops tab and newline silently); a backslash (WHATWG reads it as `/`); a space at
    /// either end; a scheme other than http, https, ws, wss; `http:` without `//`; more than one
    /// `@`; an empty, percent-encoded or unmappable host; a port outside 0–65535; a `%` that
    /// does not start an escape.
    ///
    /// - Parameter text: the URL.
    /// - Throws: the ``RedirectPolicyError`` for the first problem found.
    public init(parsing text: String) throws(RedirectPolicyError) {
        guard !text.isEmpty else { throw .empty }
        let reference = try URLReference.parse(text)
        guard let scheme = reference.scheme, let authority = reference.authority else { throw .notAbsolute }
        self.init(
            scheme: scheme, authority: authority, path: Self.removingDotSegments(reference.path),
            query: reference.query, fragment: reference.fragment)
    }

    /// Parses a Foundation `URL` through its absolute string, with the same rules as
    /// ``init(parsing:)``.
    ///
    /// - Parameter url: the URL.
    /// - Throws: the ``RedirectPolicyError`` for the first problem found.
    public init(_ url: URL) throws(RedirectPolicyError) {
        try self.init(parsing: url.absoluteString)
    }

    /// Resolves a reference (such as a `Location` header value) against this base per RFC 3986
    /// section 5.2.2, with the same rules as ``init(parsing:)`` for the reference.
    ///
    /// `g` against `http://a/b/c/d` is `http://a/b/c/g`; `../g` is `http://a/b/g`; `//g` is
    /// `http://g/`; `?y` keeps the path; the empty reference is the base without its fragment.
    ///
    /// - Parameters:
    ///   - reference: the absolute or relative reference.
    ///   - base: the URL it is relative to.
    /// - Throws: the ``RedirectPolicyError`` for the first problem found in `reference`.
    public init(resolving reference: String, against base: ParsedURL) throws(RedirectPolicyError) {
        try self.init(resolving: URLReference.parse(reference), against: base)
    }

    /// Resolves an already-parsed reference (RFC 3986 section 5.2.2).
    init(resolving reference: URLReference, against base: ParsedURL) {
        if let authority = reference.authority {
            self.init(
                scheme: reference.scheme ?? base.scheme, authority: authority,
                path: Self.removingDotSegments(reference.path), query: reference.query, fragment: reference.fragment)
            return
        }
        let path: String
        var query = reference.query
        if reference.path.isEmpty {
            path = base.path
            if query == nil { query = base.query }
        } else if reference.path.hasPrefix("/") {
            path = Self.removingDotSegments(reference.path)
        } else {
            path = Self.removingDotSegments(Self.merge(base: base.path, reference: reference.path))
        }
        self.init(
            scheme: base.scheme, userinfo: base.userinfo, host: base.host, port: base.port,
            path: path, query: query, fragment: reference.fragment)
    }

    private init(scheme: String, authority: URLAuthority, path: String, query: String?, fragment: String?) {
        self.init(
            scheme: scheme, userinfo: authority.userinfo, host: authority.host,
            port: authority.port ?? Origin.defaultPort(forScheme: scheme) ?? 0,
            path: path, query: query, fragment: fragment)
    }

    private init(
        scheme: String, userinfo: String?, host: OriginHost, port: Int, path: String, query: String?, fragment: String?
    ) {
        self.scheme = scheme
        self.userinfo = userinfo
        self.host = host
        self.port = port
        self.path = path.isEmpty ? "/" : path
        self.query = query
        self.fragment = fragment
    }

    // MARK: - Derived values

    /// The origin: scheme, host and port.
    public var origin: Origin {
        Origin(validatedScheme: scheme, host: host, port: port)
    }

    /// The URL in canonical form: lowercase scheme and host, punycode, canonical IP addresses,
    /// no default port, dot segments removed, only RFC 3986 characters.
    public var serialized: String {
        var text = scheme + "://"
        if let userinfo { text += userinfo + "@" }
        text += host.serialized
        if port != Origin.defaultPort(forScheme: scheme) { text += ":" + String(port) }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }

    /// The canonical URL as a Foundation `URL` (which every platform parses the same way, as it
    /// holds only RFC 3986 characters).
    public var url: URL? {
        URL(string: serialized)
    }

    // MARK: - RFC 3986 section 5.2

    /// Section 5.2.3: the base path up to its last `/`, then the reference.
    private static func merge(base: String, reference: String) -> String {
        guard let slash = base.lastIndex(of: "/") else { return "/" + reference }
        return String(base[...slash]) + reference
    }

    /// Section 5.2.4 for an absolute path: `.` and `..` segments removed, never above the root.
    static func removingDotSegments(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var output: [Substring] = []
        for (index, segment) in zip(segments.indices, segments) {
            let isLast = index == segments.endIndex - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }
}

extension ParsedURL: CustomStringConvertible {
    /// The canonical URL; see ``serialized``.
    public var description: String { serialized }
}

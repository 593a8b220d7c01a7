//===----------------------------------------------------------------------===//
// Origin.swift: (scheme, host, port), normalised, per RFC 6454 and WHATWG URL.
//===----------------------------------------------------------------------===//

import Foundation

/// A web origin: scheme, host and port (RFC 6454, WHATWG URL's tuple origin).
///
/// Every part is normalised so that equal origins compare equal: the scheme and host are
/// lowercase, the default port is filled in (`http`/`ws` 80, `https`/`wss` 443), IPv4 and IPv6
/// addresses are canonical, non-ASCII labels are punycode, and userinfo is ignored. A trailing
/// dot stays significant: `http://example.com./` and `http://example.com/` are different origins,
/// as they are to browsers (and may be to servers and cookies).
///
/// Only `http`, `https`, `ws` and `wss` have origins here; every other scheme (`ftp`, `file`,
/// `data`, `blob`, …) is refused, which a redirect policy treats as "never follow".
public struct Origin: Hashable, Sendable {
    /// The lowercased scheme: `http`, `https`, `ws` or `wss`.
    public let scheme: String
    /// The canonical host.
    public let host: OriginHost
    /// The port, with the scheme's default filled in.
    public let port: Int

    /// The origin of an absolute URL: `https://User@Example.COM:443/a?b` has the origin
    /// `https://example.com`.
    ///
    /// - Parameter url: an absolute http, https, ws or wss URL, read as ``ParsedURL`` reads it.
    /// - Throws: the ``RedirectPolicyError`` for the first problem in the URL.
    public init(url: String) throws(RedirectPolicyError) {
        self = try ParsedURL(parsing: url).origin
    }

    /// The origin of a Foundation `URL`, read through its absolute string.
    ///
    /// - Parameter url: an absolute http, https, ws or wss URL.
    /// - Throws: the ``RedirectPolicyError`` for the first problem in the URL.
    public init(_ url: URL) throws(RedirectPolicyError) {
        self = try ParsedURL(url).origin
    }

    /// Parses an origin as written: `scheme://host[:port]`, optionally with a single `/`
    /// (`https://example.com`, `http://127.0.0.1:8765/`). Used for allowlists.
    ///
    /// - Parameter text: the origin.
    /// - Throws: ``RedirectPolicyError/notAnOrigin(_:)`` when it has userinfo, a path, a query or
    ///   a fragment; otherwise the ``RedirectPolicyError`` for the first problem in it.
    public init(parsing text: String) throws(RedirectPolicyError) {
        let url = try ParsedURL(parsing: text)
        guard url.userinfo == nil, url.path == "/", url.query == nil, url.fragment == nil else {
            throw .notAnOrigin(text)
        }
        // The parser turns a missing path into "/", so also refuse paths written as more than "/".
        let afterScheme = text.drop { $0 != ":" }.dropFirst(3)
        if let slash = afterScheme.firstIndex(of: "/"), afterScheme[slash...] != "/" {
            throw .notAnOrigin(text)
        }
        self = url.origin
    }

    /// Builds an origin from its parts.
    ///
    /// - Parameters:
    ///   - scheme: `http`, `https`, `ws` or `wss`, in any case.
    ///   - host: a domain, IPv4 address, or IPv6 literal in brackets.
    ///   - port: the port, or `nil` for the scheme's default.
    /// - Throws: ``RedirectPolicyError/unsupportedScheme(_:)``,
    ///   ``RedirectPolicyError/invalidPort(_:)`` or a host error.
    public init(scheme: String, host: String, port: Int? = nil) throws(RedirectPolicyError) {
        let scheme = scheme.lowercased()
        guard let defaultPort = Self.defaultPort(forScheme: scheme) else { throw .unsupportedScheme(scheme) }
        let port = port ?? defaultPort
        guard (0...65535).contains(port) else { throw .invalidPort(String(port)) }
        self.init(validatedScheme: scheme, host: try OriginHost(parsing: host), port: port)
    }

    /// Builds an origin from parts that are already canonical.
    init(validatedScheme scheme: String, host: OriginHost, port: Int) {
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// The default port of a scheme with origins (`http`/`ws` 80, `https`/`wss` 443), or `nil`
    /// for any other scheme.
    ///
    /// - Parameter scheme: a lowercase scheme.
    public static func defaultPort(forScheme scheme: String) -> Int? {
        switch scheme {
        case "http", "ws": return 80
        case "https", "wss": return 443
        default: return nil
        }
    }

    /// Whether the scheme is `https` or `wss`.
    public var isSecure: Bool {
        scheme == "https" || scheme == "wss"
    }

    /// Whether the scheme is `http` or `https`, the only ones a redirect is followed to.
    public var isHTTP: Bool {
        scheme == "http" || scheme == "https"
    }

    /// The origin as WHATWG serialises it: `scheme://host`, then `:port` unless it is the
    /// scheme's default. `https://example.com`, `http://127.0.0.1:8765`, `http://[::1]`.
    public var serialized: String {
        let portText = port == Self.defaultPort(forScheme: scheme) ? "" : ":" + String(port)
        return scheme + "://" + host.serialized + portText
    }
}

extension Origin: CustomStringConvertible {
    /// The serialised origin; see ``serialized``.
    public var description: String { serialized }
}

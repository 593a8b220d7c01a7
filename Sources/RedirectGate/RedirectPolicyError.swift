//===----------------------------------------------------------------------===//
// RedirectPolicyError.swift: everything RedirectGate refuses or fails at.
//===----------------------------------------------------------------------===//

/// Everything RedirectGate refuses to parse, and every way a gated request can fail.
///
/// The URL cases say why a URL or `Location` value cannot be read unambiguously: the policy
/// refuses such a value rather than guess what another parser (a browser, Foundation on another
/// platform, the server) would make of it. Payloads that come from input are shown escaped and
/// shortened in ``description``, so a message never carries raw control characters.
public enum RedirectPolicyError: Error, Equatable, Sendable {
    // MARK: - Characters

    /// The text is empty.
    case empty

    /// The text is longer than `maximum` bytes of UTF-8.
    case tooLong(length: Int, maximum: Int)

    /// A control character (U+0000–U+001F, U+007F–U+009F, which includes tab, CR and LF) at
    /// `position`, counted in Unicode scalars from 1.
    case controlCharacter(position: Int)

    /// A backslash at `position`: WHATWG parsers read it as `/` in http(s) URLs, RFC 3986
    /// parsers do not, so the value means different things to different clients.
    case backslash(position: Int)

    /// A space at the start or end: WHATWG parsers strip it, RFC 3986 has none.
    case surroundingSpace

    /// A `%` at `position` that is not followed by two hex digits.
    case invalidPercentEncoding(position: Int)

    // MARK: - Structure

    /// A scheme other than http, https, ws and wss (lowercased).
    case unsupportedScheme(String)

    /// `http:foo` or `https:/foo`: a supported scheme without `//` and a host. WHATWG reads the
    /// first as a relative reference and the second as a host; RFC 3986 as a path.
    case missingAuthority(scheme: String)

    /// A relative reference whose first segment holds a `:` (such as `:foo` or `a]:b`), which
    /// RFC 3986 forbids because it reads like a scheme.
    case colonInFirstSegment

    /// An absolute URL was needed but the text is a relative reference.
    case notAbsolute

    /// The userinfo (`user:password@`) is ambiguous: more than one `@`, or characters such as
    /// `[` that RFC 3986 does not allow there.
    case ambiguousUserinfo

    /// Nothing between `//` and the path, or between `@` and the port.
    case emptyHost

    /// The host cannot be mapped to one canonical ASCII form; `reason` says why.
    case invalidHost(String, reason: String)

    /// The port is not a decimal number from 0 to 65535.
    case invalidPort(String)

    /// An origin was expected (`scheme://host[:port]`) but the text has a path, query,
    /// fragment or userinfo.
    case notAnOrigin(String)

    // MARK: - Gated requests

    /// The request has no URL, or its URL is not one this module accepts.
    case invalidRequestURL(String)

    /// The transfer failed; `code` is the `URLError` code and `message` its description.
    case transportFailed(code: Int, message: String)

    /// The server's answer was not an HTTP response.
    case notHTTPResponse
}

extension RedirectPolicyError: CustomStringConvertible {
    /// The error as one sentence.
    public var description: String {
        switch self {
        case .empty:
            return "the URL is empty"
        case let .tooLong(length, maximum):
            return "the URL is \(length) bytes long, more than the \(maximum) accepted"
        case let .controlCharacter(position):
            return "the URL has a control character (tab, newline or other) at position \(position)"
        case let .backslash(position):
            return "the URL has a backslash at position \(position), which parsers read differently"
        case .surroundingSpace:
            return "the URL starts or ends with a space"
        case let .invalidPercentEncoding(position):
            return "the '%' at position \(position) is not followed by two hex digits"
        case let .unsupportedScheme(scheme):
            return "the scheme '\(MessageText.escaped(scheme))' is not http or https"
        case let .missingAuthority(scheme):
            return "'\(MessageText.escaped(scheme)):' is not followed by '//' and a host"
        case .colonInFirstSegment:
            return "a relative reference whose first segment contains ':' reads like a scheme"
        case .notAbsolute:
            return "the URL is relative; an absolute http or https URL is needed"
        case .ambiguousUserinfo:
            return "the userinfo before the host is ambiguous (more than one '@', or '[' or ']')"
        case .emptyHost:
            return "the URL has no host"
        case let .invalidHost(host, reason):
            return "the host '\(MessageText.escaped(host))' \(reason)"
        case let .invalidPort(port):
            return "the port '\(MessageText.escaped(port))' is not a number from 0 to 65535"
        case let .notAnOrigin(text):
            return "'\(MessageText.escaped(text))' is not an origin (scheme://host[:port], nothing after it)"
        case let .invalidRequestURL(url):
            return "the request URL '\(MessageText.escaped(url))' cannot be gated"
        case let .transportFailed(code, message):
            return "the request failed (URLError \(code)): \(MessageText.escaped(message))"
        case .notHTTPResponse:
            return "the response is not an HTTP response"
        }
    }
}

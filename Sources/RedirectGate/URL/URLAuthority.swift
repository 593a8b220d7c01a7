//===----------------------------------------------------------------------===//
// URLAuthority.swift: `userinfo@host:port`, parsed.
//===----------------------------------------------------------------------===//

/// The authority of a URL or reference: userinfo (kept only to be refused or carried along),
/// host and explicit port.
struct URLAuthority: Hashable, Sendable {
    /// The userinfo before `@`, percent-encoded; `nil` when there is no `@`.
    var userinfo: String?
    /// The canonical host.
    var host: OriginHost
    /// The port written after `:`, or `nil` when none (or an empty one) was written.
    var port: Int?

    /// Parses the text between `//` and the path.
    ///
    /// - Parameters:
    ///   - scalars: the authority's characters.
    ///   - offset: the position of the first one in the whole input (from 1), for messages.
    /// - Throws: ``RedirectPolicyError/ambiguousUserinfo``, ``RedirectPolicyError/emptyHost``,
    ///   ``RedirectPolicyError/invalidHost(_:reason:)`` or ``RedirectPolicyError/invalidPort(_:)``.
    static func parse(_ scalars: ArraySlice<Unicode.Scalar>, offset: Int) throws(RedirectPolicyError) -> URLAuthority {
        var hostAndPort = scalars
        var userinfo: String?
        let atSigns = scalars.indices.filter { scalars[$0] == "@" }
        if let at = atSigns.first {
            // RFC 3986 allows no '@' in userinfo; WHATWG takes the last one. Two readings: refuse.
            guard atSigns.count == 1 else { throw .ambiguousUserinfo }
            let info = scalars[scalars.startIndex..<at]
            guard !info.contains("["), !info.contains("]") else { throw .ambiguousUserinfo }
            userinfo = try PercentEncoder.encode(info, as: .userinfo, offset: offset)
            hostAndPort = scalars[(at + 1)...]
        }
        guard !hostAndPort.isEmpty else { throw .emptyHost }

        let hostText: ArraySlice<Unicode.Scalar>
        let portText: ArraySlice<Unicode.Scalar>?
        if hostAndPort.first == "[" {
            guard let close = hostAndPort.firstIndex(of: "]") else {
                throw .invalidHost(String(String.UnicodeScalarView(hostAndPort)), reason: "opens '[' but has no ']'")
            }
            hostText = hostAndPort[...close]
            let rest = hostAndPort[(close + 1)...]
            if rest.isEmpty {
                portText = nil
            } else {
                guard rest.first == ":" else {
                    throw .invalidHost(String(String.UnicodeScalarView(hostAndPort)), reason: "has text after ']'")
                }
                portText = rest.dropFirst()
            }
        } else if let colon = hostAndPort.firstIndex(of: ":") {
            hostText = hostAndPort[..<colon]
            portText = hostAndPort[(colon + 1)...]
        } else {
            hostText = hostAndPort
            portText = nil
        }
        guard !hostText.isEmpty else { throw .emptyHost }
        let host = try HostParser.parse(Array(hostText))
        let port = try portText.flatMap { text throws(RedirectPolicyError) in try parsePort(text) }
        return URLAuthority(userinfo: userinfo, host: host, port: port)
    }

    /// Decimal digits (leading zeros allowed, as in WHATWG URL) up to 65535; empty means none.
    private static func parsePort(_ text: ArraySlice<Unicode.Scalar>) throws(RedirectPolicyError) -> Int? {
        guard !text.isEmpty else { return nil }
        let raw = String(String.UnicodeScalarView(text))
        guard text.allSatisfy({ (0x30...0x39).contains($0.value) }) else { throw .invalidPort(raw) }
        let significant = text.drop { $0 == "0" }
        guard significant.count <= 5 else { throw .invalidPort(raw) }
        let value = significant.reduce(0) { $0 * 10 + Int($1.value - 0x30) }
        guard value <= 65535 else { throw .invalidPort(raw) }
        return value
    }
}

//===----------------------------------------------------------------------===//
// OriginHost.swift: a host in its one canonical form.
//===----------------------------------------------------------------------===//

/// A host in its one canonical form, so that two spellings of the same host compare equal.
///
/// - Domain names are lowercase ASCII, with non-ASCII labels in punycode (`xn--…`); a trailing
///   dot is kept, so `example.com.` and `example.com` are different hosts (as in WHATWG URL).
/// - IPv4 addresses are numbers, however they were written (`127.1`, `0x7f.0.0.1`, `2130706433`).
/// - IPv6 addresses are their eight 16-bit pieces, however they were written (`::1`,
///   `0:0:0:0:0:0:0:1`, `::0.0.0.1`).
public enum OriginHost: Hashable, Sendable {
    /// A domain name: lowercase ASCII labels separated by dots, perhaps with a trailing dot.
    case domain(String)
    /// An IPv4 address as a 32-bit number (`127.0.0.1` is `0x7F00_0001`).
    case ipv4(UInt32)
    /// An IPv6 address as its eight pieces, most significant first.
    case ipv6([UInt16])

    /// Parses a host as it appears in a URL: a domain, an IPv4 address in any WHATWG form, or an
    /// IPv6 literal in brackets.
    ///
    /// - Parameter text: the host, without userinfo or port.
    /// - Throws: ``RedirectPolicyError/emptyHost`` or ``RedirectPolicyError/invalidHost(_:reason:)``.
    public init(parsing text: String) throws(RedirectPolicyError) {
        self = try HostParser.parse(Array(text.unicodeScalars))
    }

    /// The host as a URL writes it: `example.com`, `127.0.0.1`, `[::1]`.
    ///
    /// IPv6 follows RFC 5952 (lowercase, no leading zeros, the first longest run of two or more
    /// zero pieces written `::`) and, like WHATWG URL, writes the last 32 bits in hex even when
    /// they hold an embedded IPv4 address (`[::7f00:1]`).
    public var serialized: String {
        switch self {
        case let .domain(name):
            return name
        case let .ipv4(address):
            return [24, 16, 8, 0].map { String(address >> $0 & 0xFF) }.joined(separator: ".")
        case let .ipv6(pieces):
            return "[" + Self.serializeIPv6(pieces) + "]"
        }
    }

    /// Whether this is the loopback host `127.0.0.0/8` or `::1`. (`localhost` is a name, not an
    /// address, and is not counted.)
    public var isLoopbackAddress: Bool {
        switch self {
        case .domain: return false
        case let .ipv4(address): return address >> 24 == 127
        case let .ipv6(pieces): return pieces == [0, 0, 0, 0, 0, 0, 0, 1]
        }
    }

    // MARK: - IPv6 text

    private static func serializeIPv6(_ pieces: [UInt16]) -> String {
        // The first longest run of at least two zero pieces is compressed (RFC 5952 4.2).
        var bestStart = -1
        var bestLength = 1
        var index = 0
        while index < pieces.count {
            guard pieces[index] == 0 else {
                index += 1
                continue
            }
            var end = index
            while end < pieces.count, pieces[end] == 0 { end += 1 }
            if end - index > bestLength {
                bestStart = index
                bestLength = end - index
            }
            index = end
        }
        var text = ""
        index = 0
        while index < pieces.count {
            if index == bestStart {
                text += index == 0 ? "::" : ":"
                index += bestLength
                continue
            }
            text += String(pieces[index], radix: 16)
            if index < pieces.count - 1 { text += ":" }
            index += 1
        }
        return text
    }
}

extension OriginHost: CustomStringConvertible {
    /// The host as a URL writes it; see ``serialized``.
    public var description: String { serialized }
}

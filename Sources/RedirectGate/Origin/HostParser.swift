//===----------------------------------------------------------------------===//
// HostParser.swift: URL host text to an OriginHost.
//===----------------------------------------------------------------------===//

/// Turns the host part of a URL into an ``OriginHost``.
///
/// Follows the WHATWG host parser where it is unambiguous and refuses where it is not:
/// percent-encoded hosts, characters outside letters, digits, `-` and `_`, empty labels other
/// than one trailing dot, and non-ASCII labels that ``DomainLabelMapper`` cannot map safely.
enum HostParser {
    /// The longest host accepted, in ASCII characters (DNS allows 253, plus a trailing dot).
    ///
    /// Checked twice: on the input's Unicode scalars before any label is mapped, then on the
    /// mapped ASCII. Mapping never makes a host shorter in scalars (lowercasing never drops
    /// scalars and a non-ASCII label becomes `xn--` plus at least one character per scalar), so
    /// the first check refuses nothing the second would accept, and it keeps hostile input from
    /// reaching Punycode, whose encoder is quadratic in the label length.
    static let maximumLength = 254

    /// The most scalars of a refused, overlong host kept in the error.
    static let quotedPrefixLength = 64

    /// Parses a host (an IPv6 literal keeps its brackets).
    static func parse(_ scalars: [Unicode.Scalar]) throws(RedirectPolicyError) -> OriginHost {
        let text = String(String.UnicodeScalarView(scalars))
        guard let first = scalars.first else { throw .emptyHost }
        if first == "[" {
            guard scalars.count >= 2, scalars.last == "]" else {
                throw .invalidHost(text, reason: "opens '[' but does not end with ']'")
            }
            guard let pieces = IPv6Parser.parse(scalars.dropFirst().dropLast()) else {
                throw .invalidHost(text, reason: "is not a valid IPv6 address")
            }
            return .ipv6(pieces)
        }
        if scalars.contains("%") {
            throw .invalidHost(text, reason: "is percent-encoded, which clients decode differently")
        }
        guard scalars.count <= maximumLength else {
            let quoted = String(String.UnicodeScalarView(scalars.prefix(quotedPrefixLength))) + "\u{2026}"
            throw .invalidHost(quoted, reason: "is longer than \(maximumLength) characters")
        }
        let domain = try asciiDomain(scalars, text: text)
        if IPv4Parser.endsInNumber(domain) {
            guard let address = IPv4Parser.parse(domain) else {
                throw .invalidHost(text, reason: "ends in a number but is not a valid IPv4 address")
            }
            return .ipv4(address)
        }
        return .domain(domain)
    }

    /// Lowercases the host and maps each label to ASCII, checking what a label may hold.
    private static func asciiDomain(_ scalars: [Unicode.Scalar], text: String) throws(RedirectPolicyError) -> String {
        let labels = scalars.split(separator: ".", omittingEmptySubsequences: false)
        var mapped: [String] = []
        for (index, label) in labels.enumerated() {
            if label.isEmpty {
                // One empty label at the end is the trailing dot, which stays significant.
                guard index == labels.count - 1, index > 0 else {
                    throw .invalidHost(text, reason: "has an empty label")
                }
                mapped.append("")
                continue
            }
            guard let ascii = DomainLabelMapper.asciiLabel(Array(label)) else {
                throw .invalidHost(text, reason: DomainLabelMapper.refusalReason(Array(label)))
            }
            mapped.append(ascii)
        }
        let domain = mapped.joined(separator: ".")
        guard domain.utf8.count <= maximumLength else {
            throw .invalidHost(text, reason: "is longer than \(maximumLength) characters")
        }
        return domain
    }
}

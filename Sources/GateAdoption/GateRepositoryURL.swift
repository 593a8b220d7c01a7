//===----------------------------------------------------------------------===//
// GateRepositoryURL.swift: where acceptance-gate's releases are published, as init takes it.
//===----------------------------------------------------------------------===//

/// The address `acceptance-gate init --repository` takes: the repository whose releases the
/// pipelines install (`https://HOST/OWNER/NAME`, GitHub or GitHub Enterprise, which publish
/// assets under `releases/download/TAG/`).
package enum GateRepositoryURL {
    /// Where the project publishes its releases, when `--repository` names no other.
    package static let standard = "https://github.com/acceptance-gate/acceptance-gate"

    /// `text` as an `https://HOST/OWNER/NAME` URL, a trailing `/` or `.git` dropped; `nil` when it
    /// is not one. Only letters, digits, `.`, `_`, `-` (and `:` for a port) are taken, since the
    /// URL is written as it is into YAML, shell and Groovy.
    package static func normalized(_ text: String) -> String? {
        var url = Substring(text)
        while url.hasSuffix("/") { url = url.dropLast() }
        if url.hasSuffix(".git") { url = url.dropLast(4) }
        let scheme = "https://"
        guard url.hasPrefix(scheme) else { return nil }
        let parts = url.dropFirst(scheme.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, isName(parts[0], extra: ".-:"), isName(parts[1], extra: "._-"), isName(parts[2], extra: "._-")
        else { return nil }
        return String(url)
    }

    /// `OWNER/NAME` of a URL ``normalized(_:)`` accepted: how a GitHub workflow names the action.
    package static func actionRepository(of url: String) -> String? {
        guard let normalized = normalized(url) else { return nil }
        return normalized.split(separator: "/").suffix(2).joined(separator: "/")
    }

    private static func isName(_ part: Substring, extra: String) -> Bool {
        guard !part.isEmpty, part != ".", part != "..", part.first != "-" else { return false }
        return part.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || extra.unicodeScalars.contains(scalar))
        }
    }
}

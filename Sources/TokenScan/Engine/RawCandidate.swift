//===----------------------------------------------------------------------===//
// RawCandidate.swift: a rule's match in one line, before it is judged.
//===----------------------------------------------------------------------===//

/// A rule's match in one line, before suppression: the secret's byte range in the line.
struct RawCandidate: Equatable {
    /// The rule that matched.
    var rule: ScanRule
    /// The secret's first byte in the line.
    var start: Int
    /// One past the secret's last byte.
    var end: Int
    /// A reason the detector already knows (a JWT that is not JSON, for one).
    var presetReason: SuppressionReason?
    /// The part of the secret that placeholder and entropy checks look at, when it is not the
    /// whole secret (the password inside a Basic credential, for one); `nil` for the whole.
    var judgedBytes: [UInt8]?
    /// The secret that is fingerprinted when the match only carries it (the key inside base64, the
    /// token inside base64 `user:token`), so that it fingerprints as if it stood in plain text.
    var innerSecret: [UInt8]?
    /// A secret-named key's value that a provider's rule took over (`GITHUB_TOKEN=ghp_…`): when its
    /// checksum fails, it is still the key's secret, judged as ``ScanRule/genericSecret``.
    var keyedFallback = false
    /// Not a match: a token prefix whose value the line's end cut short (`ghp_AbC` and the line
    /// ends), the first part of a token the runner may have wrapped onto the next line. `end` is
    /// the line's end.
    var isCut = false

    /// The longest value cut by a line's end that is held for the next line: longer is no token.
    static let maximumCutLength = 127

    /// Whether the two ranges share a byte.
    func overlaps(_ other: RawCandidate) -> Bool { start < other.end && other.start < end }
}

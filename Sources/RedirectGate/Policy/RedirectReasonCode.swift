//===----------------------------------------------------------------------===//
// RedirectReasonCode.swift: the stable machine codes of redirect decisions.
//===----------------------------------------------------------------------===//

/// Why a redirect was followed or refused, as a stable kebab-case code for machines (logs, the
/// `redirect decide` command's `code` field). The spelling of every raw value is a contract.
public enum RedirectReasonCode: String, Hashable, Sendable, CaseIterable {
    // MARK: - Followed

    /// The target has the origin of the first request in the chain.
    case sameOrigin = "same-origin"
    /// The target's origin is on the policy's allowlist.
    case allowlistedOrigin = "allowlisted-origin"

    // MARK: - Refused

    /// The target has another origin, not on the allowlist.
    case crossOrigin = "cross-origin"
    /// The redirect goes from https to http and downgrades are not allowed.
    case downgrade = "downgrade"
    /// The `Location` is empty or missing.
    case emptyLocation = "empty-location"
    /// The `Location` holds a control character (tab, CR, LF, NUL, DEL, C1).
    case controlCharacter = "control-character"
    /// The `Location` holds a backslash.
    case backslash = "backslash"
    /// The `Location` names a scheme other than http or https (including ws and wss).
    case unsupportedScheme = "unsupported-scheme"
    /// The `Location` carries userinfo (`user:password@`).
    case credentialsInLocation = "credentials-in-location"
    /// The `Location` cannot be parsed unambiguously.
    case unparseableLocation = "unparseable-location"
    /// The URL being redirected from cannot be parsed.
    case unparseableURL = "unparseable-url"
    /// The chain has already followed the policy's maximum number of redirects.
    case redirectLimit = "redirect-limit"

    /// Whether the code is one of the "followed" codes.
    public var isFollow: Bool {
        self == .sameOrigin || self == .allowlistedOrigin
    }
}

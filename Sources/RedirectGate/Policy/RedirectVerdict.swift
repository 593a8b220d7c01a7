//===----------------------------------------------------------------------===//
// RedirectVerdict.swift: follow or refuse.
//===----------------------------------------------------------------------===//

/// What the policy decided about one redirect.
public enum RedirectVerdict: String, Hashable, Sendable {
    /// Make the new request.
    case follow
    /// Stop: the redirect response itself is the answer.
    case refuse
}

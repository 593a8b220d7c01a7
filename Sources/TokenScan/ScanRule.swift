//===----------------------------------------------------------------------===//
// ScanRule.swift: every rule the scanner applies, with its stable id.
//===----------------------------------------------------------------------===//

/// Every rule the scanner applies. The raw value is the rule's stable kebab-case id, as it appears
/// in every output format (`rule` in jsonl, `ruleId` in SARIF).
package enum ScanRule: String, Codable, Sendable, CaseIterable, Comparable {
    /// GitHub classic tokens: `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` and 36 letters or digits.
    case githubToken = "github-token"
    /// GitHub fine-grained personal access tokens: `github_pat_` and 82 of `[A-Za-z0-9_]` (22 + `_` + 59).
    case githubFineGrainedToken = "github-fine-grained-token"
    /// GitLab personal access tokens: `glpat-` and at least 20 of `[A-Za-z0-9_-]`.
    case gitlabToken = "gitlab-token"
    /// Slack tokens: `xoxb-`, `xoxa-`, `xoxp-`, `xoxr-`, `xoxs-` and at least 10 of `[A-Za-z0-9-]`.
    case slackToken = "slack-token"
    /// AWS access key IDs: `AKIA`, `ASIA`, `ABIA` or `ACCA` and 16 of `[A-Z2-7]`.
    case awsAccessKeyID = "aws-access-key-id"
    /// AWS secret access keys: 40 of `[A-Za-z0-9/+]` assigned to a name with `aws` or `secret_access` in it.
    case awsSecretAccessKey = "aws-secret-access-key"
    /// Google API keys: `AIza` and 35 of `[A-Za-z0-9_-]`.
    case googleAPIKey = "google-api-key"
    /// Stripe live secret and restricted keys: `sk_live_` / `rk_live_` and at least 16 letters or digits.
    case stripeLiveKey = "stripe-live-key"
    /// npm access tokens: `npm_` and 36 letters or digits.
    case npmToken = "npm-token"
    /// JSON Web Tokens: `eyJ…` header, payload and signature whose first two parts decode to JSON.
    case jsonWebToken = "json-web-token"
    /// PEM private key blocks (PKCS#1, PKCS#8, EC, OpenSSH, App Store Connect `.p8`), also escaped inside JSON.
    case privateKey = "private-key"
    /// Credentials in `Authorization` and `Proxy-Authorization` headers (Bearer, Basic, token).
    case authorizationHeader = "authorization-header"
    /// Cookie values in `Cookie` and `Set-Cookie` headers.
    case cookieHeader = "cookie-header"
    /// A password in a URL: `scheme://user:password@host`.
    case urlCredentials = "url-credentials"
    /// Apple app-specific passwords (`abcd-efgh-ijkl-mnop`) on a line that names them.
    case appleAppSpecificPassword = "apple-app-specific-password"
    /// `password=`, `token:`, `api_key=`, `FOO_TOKEN=` and the like, when the value passes the entropy gate.
    case genericSecret = "generic-secret"

    /// The rule's id.
    package var id: String { rawValue }

    /// One sentence for SARIF's `shortDescription` and for help.
    package var shortDescription: String {
        switch self {
        case .githubToken: "GitHub token (ghp_, gho_, ghu_, ghs_, ghr_)"
        case .githubFineGrainedToken: "GitHub fine-grained personal access token (github_pat_)"
        case .gitlabToken: "GitLab personal access token (glpat-)"
        case .slackToken: "Slack token (xoxb-, xoxa-, xoxp-, xoxr-, xoxs-)"
        case .awsAccessKeyID: "AWS access key ID (AKIA, ASIA, ABIA, ACCA)"
        case .awsSecretAccessKey: "AWS secret access key"
        case .googleAPIKey: "Google API key (AIza)"
        case .stripeLiveKey: "Stripe live secret or restricted key (sk_live_, rk_live_)"
        case .npmToken: "npm access token (npm_)"
        case .jsonWebToken: "JSON Web Token"
        case .privateKey: "PEM private key block"
        case .authorizationHeader: "Credentials in an Authorization or Proxy-Authorization header"
        case .cookieHeader: "Cookie value in a Cookie or Set-Cookie header"
        case .urlCredentials: "Password in a URL (scheme://user:password@host)"
        case .appleAppSpecificPassword: "Apple app-specific password"
        case .genericSecret: "High-entropy value assigned to a password, token, secret or key"
        }
    }

    /// How sure the rule is.
    package var confidence: ScanConfidence {
        switch self {
        case .githubToken, .githubFineGrainedToken, .gitlabToken, .slackToken, .awsAccessKeyID, .googleAPIKey,
            .stripeLiveKey, .npmToken, .privateKey:
            .high
        case .awsSecretAccessKey, .jsonWebToken, .authorizationHeader, .cookieHeader, .urlCredentials,
            .appleAppSpecificPassword:
            .medium
        case .genericSecret: .low
        }
    }

    /// Which rule wins when two matches overlap: the more specific one (higher).
    var priority: Int {
        switch confidence {
        case .high: 3
        case .medium: self == .jsonWebToken ? 3 : 2
        case .low: 1
        }
    }

    /// Orders rules by id.
    package static func < (left: ScanRule, right: ScanRule) -> Bool { left.rawValue < right.rawValue }
}

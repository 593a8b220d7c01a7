//===----------------------------------------------------------------------===//
// ScanRule.swift: every rule's stable id; what a rule is lives in its RuleTable row.
//===----------------------------------------------------------------------===//

/// Every rule the scanner applies. The raw value is the rule's stable kebab-case id, as it appears
/// in every output format (`rule` in jsonl, `ruleId` in SARIF). What a rule finds, how, and how sure
/// it is lives in its row of ``RuleTable``; the properties here read that row.
package enum ScanRule: String, Codable, Sendable, CaseIterable, Comparable {
    /// GitHub classic tokens: `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, 30 characters and a CRC32 checksum.
    case githubToken = "github-token"
    /// GitHub fine-grained personal access tokens: `github_pat_` and 82 of `[A-Za-z0-9_]`.
    case githubFineGrainedToken = "github-fine-grained-token"
    /// GitLab personal access, deploy and runner tokens: `glpat-`, `gldt-`, `glrt-`.
    case gitlabToken = "gitlab-token"
    /// npm access tokens: `npm_` and 36 letters or digits.
    case npmToken = "npm-token"
    /// Bitrise tokens, by the key that names them.
    case bitriseToken = "bitrise-token"
    /// Codemagic tokens, by the key that names them.
    case codemagicToken = "codemagic-token"
    /// AWS access key IDs: `AKIA`, `ASIA`, `ABIA` or `ACCA` and 16 of `[A-Z2-7]`.
    case awsAccessKeyID = "aws-access-key-id"
    /// AWS secret access keys: 40 of `[A-Za-z0-9/+]` assigned to a name with `aws` or `secret_access` in it.
    case awsSecretAccessKey = "aws-secret-access-key"
    /// Google API keys: `AIza` and 35 of `[A-Za-z0-9_-]`.
    case googleAPIKey = "google-api-key"
    /// Azure storage account keys: `AccountKey=` and 88 base64 characters.
    case azureStorageKey = "azure-storage-key"
    /// Heroku API keys: `HRKU-AA…`, or a UUID on a key that names Heroku.
    case herokuAPIKey = "heroku-api-key"
    /// Datadog API and application keys, by the key that names them.
    case datadogAPIKey = "datadog-api-key"
    /// Stripe live secret and restricted keys: `sk_live_` / `rk_live_` and at least 16 letters or digits.
    case stripeLiveKey = "stripe-live-key"
    /// Shopify tokens and shared secrets: `shpat_`, `shpca_`, `shppa_`, `shpss_` and 32 hex digits.
    case shopifyToken = "shopify-token"
    /// SendGrid API keys: `SG.` 22 `.` 43.
    case sendgridAPIKey = "sendgrid-api-key"
    /// Twilio auth tokens, by the key that names them.
    case twilioAuthToken = "twilio-auth-token"
    /// OpenAI API keys: `sk-proj-`, `sk-svcacct-`, `sk-admin-`, legacy `sk-`, all with `T3BlbkFJ`.
    case openAIAPIKey = "openai-api-key"
    /// Anthropic API keys: `sk-ant-api03-`, `sk-ant-admin01-`.
    case anthropicAPIKey = "anthropic-api-key"
    /// Slack tokens: `xoxb-`, `xoxa-`, `xoxp-`, `xoxr-`, `xoxs-`, `xapp-`.
    case slackToken = "slack-token"
    /// Slack incoming webhooks: `hooks.slack.com/services/…`.
    case slackWebhook = "slack-webhook"
    /// Discord webhooks: `discord.com/api/webhooks/ID/TOKEN`.
    case discordWebhook = "discord-webhook"
    /// Microsoft Teams incoming webhooks: `….webhook.office.com/webhookb2/…`.
    case teamsWebhook = "teams-webhook"
    /// Telegram bot tokens: `123456789:AA…`.
    case telegramBotToken = "telegram-bot-token"
    /// Sentry auth tokens: `sntryu_`, `sntrys_`.
    case sentryToken = "sentry-token"
    /// JSON Web Tokens: `eyJ…` header, payload and signature whose first two parts decode to JSON.
    case jsonWebToken = "json-web-token"
    /// PEM private key blocks (PKCS#1, PKCS#8, EC, OpenSSH, App Store Connect `.p8`): across prefixed
    /// lines, escaped inside JSON, base64-encoded, or as bare base64 DER.
    case privateKey = "private-key"
    /// Credentials in `Authorization` and `Proxy-Authorization` headers (Bearer, Basic, token).
    case authorizationHeader = "authorization-header"
    /// Cookie values in `Cookie` and `Set-Cookie` headers.
    case cookieHeader = "cookie-header"
    /// A password in a URL: `scheme://user:password@host`.
    case urlCredentials = "url-credentials"
    /// Base64 of `user:secret` on an authorization or credentials key (`MATCH_GIT_BASIC_AUTHORIZATION`).
    case basicCredentials = "basic-credentials"
    /// fastlane's `FASTLANE_SESSION` cookie jar.
    case fastlaneSession = "fastlane-session"
    /// Apple app-specific passwords (`abcd-efgh-ijkl-mnop`) on a line that names them.
    case appleAppSpecificPassword = "apple-app-specific-password"
    /// `--password VALUE`, `security unlock-keychain -p VALUE`, `curl -u user:VALUE`.
    case commandLinePassword = "command-line-password"
    /// The password of a `.netrc` entry.
    case netrcPassword = "netrc-password"
    /// `password=`, `token:`, `api_key=`, `FOO_TOKEN=` and the like, when the value passes the generic filters.
    case genericSecret = "generic-secret"

    /// The rule's id.
    package var id: String { rawValue }

    /// The rule's row in ``RuleTable``.
    var row: RuleRow { RuleTable.row(self) }

    /// One sentence for SARIF's `shortDescription` and for help.
    package var shortDescription: String { row.title }

    /// What the rule finds and why it matters (SARIF's `fullDescription`).
    package var fullDescription: String { row.detail }

    /// What to do about a finding (SARIF's `help`).
    package var help: String { row.remedy }

    /// GitHub's `security-severity`, 0.0–10.0.
    package var securitySeverity: Double { row.severity }

    /// How sure the rule is.
    package var confidence: ScanConfidence { row.confidence }

    /// Which rule wins when two matches overlap: the more specific one (higher).
    var priority: Int { row.priority }

    /// Orders rules by id.
    package static func < (left: ScanRule, right: ScanRule) -> Bool { left.rawValue < right.rawValue }
}

extension RuleTable {
    /// The rows in ``ScanRule/allCases`` order, so a rule's row is one array read.
    private static let byRule: [RuleRow] = ScanRule.allCases.map { rule in
        guard let row = rows.first(where: { $0.rule == rule }) else { preconditionFailure("no RuleTable row for \(rule.id)") }
        return row
    }

    /// The row of `rule`. A case without payload is stored as its declaration index, which is its
    /// position in `allCases`; the tests check that every rule gets its own row.
    static func row(_ rule: ScanRule) -> RuleRow {
        byRule[Int(unsafeBitCast(rule, to: UInt8.self))]
    }
}

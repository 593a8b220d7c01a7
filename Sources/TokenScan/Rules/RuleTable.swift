//===----------------------------------------------------------------------===//
// RuleTable.swift: every rule the scanner applies, as one table.
//===----------------------------------------------------------------------===//

/// The rules as data. Adding a provider is one row here (a ``TokenFinder`` for a documented prefix, a
/// ``KeyedFinder`` for a key that names it, a ``WebhookFinder`` for a URL) plus its tests; the trigger
/// bytes, lookup tables and key vocabulary are derived from these rows by ``RuleIndex``. Formats were
/// learnt from the providers' documentation and public scanners' rule lists; the rows are our own.
enum RuleTable {
    /// Every row, one per rule, in ``ScanRule`` order.
    static let rows: [RuleRow] = [
        // MARK: Source hosts and registries
        RuleRow(
            rule: .githubToken, title: "GitHub token (ghp_, gho_, ghu_, ghs_, ghr_)",
            detail: "A GitHub personal access, OAuth, user-to-server, server-to-server or refresh token: a four-character "
                + "prefix, 30 random characters and a 6-character CRC32 checksum, which the scanner verifies.",
            remedy: "Revoke the token in GitHub's settings (or the app's), create a new one, and keep it in the CI's secret store.",
            confidence: .high, severity: 9.0,
            finders: [
                .token(
                    TokenFinder(prefixes: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"], anchor: u("_"), value: .run(.alphanumeric, 36...36)))
            ],
            checks: Checks(minimumEntropy: 3.0, checksum: .githubCRC32)),
        RuleRow(
            rule: .githubFineGrainedToken, title: "GitHub fine-grained personal access token (github_pat_)",
            detail: "A GitHub fine-grained personal access token: github_pat_, 22 characters, an underscore and 59 more.",
            remedy: "Revoke the token in GitHub's developer settings and create a new one with the least access needed.",
            confidence: .high, severity: 9.0,
            finders: [.token(TokenFinder(prefixes: ["github_pat_"], anchor: u("_"), value: .run(.alphanumeric + "_", 82...82)))],
            checks: .provider),
        RuleRow(
            rule: .gitlabToken, title: "GitLab token (glpat-, gldt-, glrt-)",
            detail: "A GitLab personal access, deploy or runner token.",
            remedy: "Revoke the token in GitLab and create a new one; keep it in masked CI/CD variables.",
            confidence: .high, severity: 9.0,
            finders: [.token(TokenFinder(prefixes: ["glpat-", "gldt-", "glrt-"], anchor: u("-"), value: .run(.base64URL, 20...300)))],
            checks: .provider),
        RuleRow(
            rule: .npmToken, title: "npm access token (npm_)",
            detail: "An npm access token: npm_ and 36 letters or digits.",
            remedy: "Revoke the token with 'npm token revoke' and create a new automation token.",
            confidence: .high, severity: 8.5,
            finders: [.token(TokenFinder(prefixes: ["npm_"], anchor: u("_"), value: .run(.alphanumeric, 36...36)))],
            checks: .provider),
        RuleRow(
            rule: .bitriseToken, title: "Bitrise token",
            detail: "A value assigned to a key that names Bitrise (BITRISE_TOKEN, BITRISE_API_TOKEN): Bitrise tokens have no "
                + "public prefix, so the key that names them is the context.",
            remedy: "Revoke the token in Bitrise's account settings and create a new one.",
            confidence: .medium, severity: 8.0,
            finders: [.keyed(KeyedFinder(keywords: ["bitrise"], value: .run(.base64URL + ".", 20...200)))],
            checks: Checks(generic: true)),
        RuleRow(
            rule: .codemagicToken, title: "Codemagic token",
            detail: "A value assigned to a key that names Codemagic (CM_API_TOKEN, CODEMAGIC_TOKEN): Codemagic tokens have no "
                + "public prefix, so the key that names them is the context.",
            remedy: "Revoke the token in Codemagic's team settings and create a new one.",
            confidence: .medium, severity: 8.0,
            finders: [.keyed(KeyedFinder(keywords: ["codemagic", "cm_api"], value: .run(.base64URL + ".", 20...200)))],
            checks: Checks(generic: true)),

        // MARK: Cloud
        RuleRow(
            rule: .awsAccessKeyID, title: "AWS access key ID (AKIA, ASIA, ABIA, ACCA)",
            detail: "An AWS access key ID: a four-letter prefix and 16 base32 characters. Its secret key is usually nearby.",
            remedy: "Deactivate the key in IAM, create a new one, and prefer short-lived credentials (OIDC) in CI.",
            confidence: .high, severity: 9.0,
            finders: [
                .token(
                    TokenFinder(
                        prefixes: ["AKIA", "ASIA", "ABIA", "ACCA"], anchor: u("A"), value: .run(.base32, 16...16).ending(.alphanumeric)))
            ],
            checks: .provider),
        RuleRow(
            rule: .awsSecretAccessKey, title: "AWS secret access key",
            detail: "40 base64 characters assigned to a key that names AWS or a secret access key.",
            remedy: "Deactivate the key pair in IAM and create a new one; prefer short-lived credentials (OIDC) in CI.",
            confidence: .medium, severity: 9.5,
            finders: [.keyed(KeyedFinder(keywords: ["aws", "secret_access", "secretaccess"], value: .run(.base64, 40...40)))],
            checks: Checks(generic: true)),
        RuleRow(
            rule: .googleAPIKey, title: "Google API key (AIza)",
            detail: "A Google Cloud or Firebase API key: AIza and 35 base64url characters.",
            remedy: "Restrict or regenerate the key in the Google Cloud console.",
            confidence: .high, severity: 7.5,
            finders: [.token(TokenFinder(prefixes: ["AIza"], anchor: u("A"), value: .run(.base64URL, 35...35)))],
            checks: .provider),
        RuleRow(
            rule: .azureStorageKey, title: "Azure storage account key (AccountKey=)",
            detail: "The AccountKey of an Azure storage connection string: 88 base64 characters.",
            remedy: "Rotate the storage account key in the Azure portal and use a SAS or managed identity instead.",
            confidence: .high, severity: 9.0,
            finders: [
                .keyed(KeyedFinder(keywords: ["accountkey"], keyEndings: ["accountkey"], value: .run(.base64 + "=", 86...88)))
            ],
            checks: .provider),
        RuleRow(
            rule: .herokuAPIKey, title: "Heroku API key (HRKU-AA, or a UUID assigned to a Heroku key)",
            detail: "A Heroku API key: the HRKU-AA prefix and 58 characters, or the older UUID form on a key that names Heroku.",
            remedy: "Regenerate the key with 'heroku authorizations:rotate' or in the account settings.",
            confidence: .high, severity: 8.5,
            finders: [
                .token(TokenFinder(prefixes: ["HRKU-AA"], anchor: u("-"), value: .run(.base64URL, 58...58))),
                .keyed(KeyedFinder(keywords: ["heroku"], value: .uuid())),
            ],
            checks: .provider),
        RuleRow(
            rule: .datadogAPIKey, title: "Datadog API or application key",
            detail: "32 or 40 hex digits assigned to a key that names Datadog (DD_API_KEY, DATADOG_APP_KEY).",
            remedy: "Revoke the key in Datadog's organization settings and create a new one.",
            confidence: .medium, severity: 7.5,
            finders: [.keyed(KeyedFinder(keywords: ["datadog", "dd_api", "dd_app"], value: .run(.lowerHex, 32...40)))],
            checks: .provider),

        // MARK: Payments, messaging, AI
        RuleRow(
            rule: .stripeLiveKey, title: "Stripe live secret or restricted key (sk_live_, rk_live_)",
            detail: "A Stripe live-mode secret or restricted key.",
            remedy: "Roll the key in the Stripe dashboard.",
            confidence: .high, severity: 9.5,
            finders: [.token(TokenFinder(prefixes: ["sk_live_", "rk_live_"], anchor: u("_"), value: .run(.alphanumeric, 16...256)))],
            checks: .provider),
        RuleRow(
            rule: .shopifyToken, title: "Shopify access token or shared secret (shpat_, shpca_, shppa_, shpss_)",
            detail: "A Shopify admin, custom-app or private-app access token or a shared secret: a prefix and 32 hex digits.",
            remedy: "Rotate the token or secret in the Shopify admin or partner dashboard.",
            confidence: .high, severity: 8.5,
            finders: [.token(TokenFinder(prefixes: ["shpat_", "shpca_", "shppa_", "shpss_"], anchor: u("_"), value: .run(.hex, 32...32)))],
            checks: Checks(minimumEntropy: 2.5)),
        RuleRow(
            rule: .sendgridAPIKey, title: "SendGrid API key (SG.)",
            detail: "A SendGrid API key: SG., 22 characters, a dot and 43 characters.",
            remedy: "Delete the key in SendGrid's API key settings and create a new one.",
            confidence: .high, severity: 8.0,
            finders: [
                .token(
                    TokenFinder(
                        prefixes: ["SG."], anchor: u("G"), value: ValueShape.run(.base64URL, 22...22).then(".", .base64URL, 43...43)))
            ],
            checks: .provider),
        RuleRow(
            rule: .twilioAuthToken, title: "Twilio auth token",
            detail: "32 hex digits assigned to a key that names Twilio (TWILIO_AUTH_TOKEN).",
            remedy: "Rotate the auth token in the Twilio console (or use API keys that can be revoked one by one).",
            confidence: .medium, severity: 8.0,
            finders: [.keyed(KeyedFinder(keywords: ["twilio"], value: .run(.lowerHex, 32...32)))],
            checks: .provider),
        RuleRow(
            rule: .openAIAPIKey, title: "OpenAI API key (sk-proj-, sk-svcacct-, sk-admin-, sk-)",
            detail: "An OpenAI project, service-account, admin or legacy key; each carries T3BlbkFJ (base64 of 'OpenAI').",
            remedy: "Revoke the key in the OpenAI dashboard and create a new project key.",
            confidence: .high, severity: 8.5,
            finders: [
                .token(
                    TokenFinder(prefixes: ["sk-proj-", "sk-svcacct-", "sk-admin-"], anchor: u("-"), value: .run(.base64URL, 100...250))),
                .token(TokenFinder(prefixes: ["sk-"], anchor: u("-"), value: .run(.alphanumeric, 48...48))),
            ],
            checks: Checks(minimumEntropy: 3.0, mustContain: "T3BlbkFJ")),
        RuleRow(
            rule: .anthropicAPIKey, title: "Anthropic API or admin key (sk-ant-)",
            detail: "An Anthropic API or admin key: sk-ant- and the key kind (api03, admin01), then 95 base64url characters ending in AA.",
            remedy: "Revoke the key in the Anthropic console and create a new one.",
            confidence: .high, severity: 8.5,
            finders: [
                .token(TokenFinder(prefixes: ["sk-ant-api03-", "sk-ant-admin01-"], anchor: u("-"), value: .run(.base64URL, 95...95)))
            ],
            checks: Checks(minimumEntropy: 3.0, mustEnd: "AA")),
        RuleRow(
            rule: .slackToken, title: "Slack token (xoxb-, xoxa-, xoxp-, xoxr-, xoxs-, xapp-)",
            detail: "A Slack bot, user, workspace, refresh or app-level token.",
            remedy: "Revoke the token in the Slack app's settings and reinstall the app for a new one.",
            confidence: .high, severity: 8.5,
            finders: [
                .token(
                    TokenFinder(
                        prefixes: ["xoxb-", "xoxa-", "xoxp-", "xoxr-", "xoxs-", "xapp-"], anchor: u("-"),
                        value: .run(.alphanumeric + "-", 10...512)))
            ],
            checks: .provider),
        RuleRow(
            rule: .slackWebhook, title: "Slack incoming webhook URL",
            detail: "A Slack incoming-webhook or workflow URL (hooks.slack.com/services/…): whoever has it can post to the channel.",
            remedy: "Delete the webhook in the Slack app's settings and create a new one; keep the URL in the secret store.",
            confidence: .high, severity: 6.5,
            finders: [
                .webhook(
                    WebhookFinder(
                        hosts: ["hooks.slack.com"], paths: ["/services/", "/workflows/", "/triggers/"],
                        value: .run(.alphanumeric + "/", 40...120)))
            ],
            checks: .provider),
        RuleRow(
            rule: .discordWebhook, title: "Discord webhook URL",
            detail: "A Discord webhook URL (discord.com/api/webhooks/ID/TOKEN): whoever has it can post to the channel.",
            remedy: "Delete the webhook in the channel's integrations and create a new one.",
            confidence: .high, severity: 6.5,
            finders: [
                .webhook(
                    WebhookFinder(
                        hosts: ["discord.com", "discordapp.com", ".discord.com"], paths: ["/api/webhooks/"],
                        value: ValueShape.run(.digits, 17...20).then("/", .base64URL, 60...80)))
            ],
            checks: .provider),
        RuleRow(
            rule: .teamsWebhook, title: "Microsoft Teams incoming webhook URL",
            detail: "A Microsoft Teams incoming-webhook URL on webhook.office.com (webhookb2): whoever has it can post to the channel.",
            remedy: "Remove the connector from the Teams channel and create a new one.",
            confidence: .high, severity: 6.5,
            finders: [
                .webhook(
                    WebhookFinder(
                        hosts: [".webhook.office.com"], paths: ["/webhookb2/"], value: .run(.alphanumeric + "-@/_", 100...300)))
            ],
            checks: Checks(minimumEntropy: 3.0, mustContain: "IncomingWebhook")),
        RuleRow(
            rule: .telegramBotToken, title: "Telegram bot token",
            detail: "A Telegram bot token: the bot's numeric id, a colon and 35 characters starting with AA.",
            remedy: "Revoke the token with BotFather (/revoke) and use the new one.",
            confidence: .high, severity: 7.5,
            finders: [
                .token(TokenFinder(prefixes: [":AA"], anchor: u(":"), lead: .run(.digits, 8...10), value: .run(.base64URL, 33...33)))
            ],
            checks: .provider),
        RuleRow(
            rule: .sentryToken, title: "Sentry auth token (sntryu_, sntrys_)",
            detail: "A Sentry user or organization auth token.",
            remedy: "Revoke the token in Sentry's settings and create a new one.",
            confidence: .high, severity: 7.5,
            finders: [
                .token(TokenFinder(prefixes: ["sntryu_"], anchor: u("_"), value: .run(.lowerHex, 64...64))),
                .token(TokenFinder(prefixes: ["sntrys_"], anchor: u("_"), value: .run(.base64 + "=_", 60...400))),
            ],
            checks: .provider),

        // MARK: Keys and structures
        RuleRow(
            rule: .jsonWebToken, title: "JSON Web Token",
            detail: "A JWT (eyJ…) whose header and payload decode to JSON: usually a bearer credential.",
            remedy: "Invalidate the session or token at its issuer, and stop logging bearer tokens.",
            confidence: .medium, severity: 7.5, priority: 3,
            finders: [.engine(.jsonWebToken)],
            checks: .none),
        RuleRow(
            rule: .privateKey, title: "PEM private key block",
            detail: "A PEM private key (PKCS#1, PKCS#8, EC, OpenSSH, App Store Connect .p8), also across prefixed CI log "
                + "lines, escaped inside JSON, base64-encoded (fastlane key_content, ASC_KEY_CONTENT) or as bare base64 DER.",
            remedy: "Revoke the key (App Store Connect: Users and Access, Keys), create a new one, and never print it.",
            confidence: .high, severity: 9.5,
            finders: [.engine(.pemBlock)],
            checks: .none),
        RuleRow(
            rule: .authorizationHeader, title: "Credentials in an Authorization or Proxy-Authorization header",
            detail: "The credential of an Authorization header (Bearer, Basic, token), as printed by curl -v and HTTP traces.",
            remedy: "Invalidate the credential at its issuer and stop tracing request headers in CI.",
            confidence: .medium, severity: 8.0,
            finders: [.engine(.authorizationHeader)],
            checks: Checks(minimumEntropy: 2.5, minimumLength: 8)),
        RuleRow(
            rule: .cookieHeader, title: "Cookie value in a Cookie or Set-Cookie header",
            detail: "A cookie value from a Cookie or Set-Cookie header: usually a session.",
            remedy: "End the session at the service and stop tracing response headers in CI.",
            confidence: .medium, severity: 7.0,
            finders: [.engine(.cookieHeader)],
            checks: Checks(minimumEntropy: 3.0, minimumLength: 12, uuidPasses: true)),
        RuleRow(
            rule: .urlCredentials, title: "Password in a URL (scheme://user:password@host)",
            detail: "The password of a URL's user information, as in git remotes, package registries and Sentry DSNs with a secret.",
            remedy: "Change the password or token, and pass credentials through a credential helper instead of the URL.",
            confidence: .medium, severity: 8.0,
            finders: [.engine(.urlCredentials)],
            checks: Checks(minimumLength: 6)),
        RuleRow(
            rule: .basicCredentials, title: "Base64 user:secret credentials (MATCH_GIT_BASIC_AUTHORIZATION)",
            detail: "Base64 of user:secret assigned to an authorization or credentials key, as fastlane match's "
                + "MATCH_GIT_BASIC_AUTHORIZATION; a provider token inside is reported under its own rule.",
            remedy: "Change the password or token inside, and keep the encoded value in the CI's secret store.",
            confidence: .medium, severity: 8.0, priority: 2,
            finders: [.engine(.basicCredentials)],
            checks: Checks(minimumEntropy: 2.5, minimumLength: 8)),
        RuleRow(
            rule: .fastlaneSession, title: "fastlane session cookie (FASTLANE_SESSION)",
            detail: "The Apple ID session cookies of FASTLANE_SESSION (from 'fastlane spaceauth'): they sign in as the account.",
            remedy: "Sign out the Apple ID session (change the password if unsure) and use an App Store Connect API key instead.",
            confidence: .high, severity: 9.0,
            finders: [
                .keyed(KeyedFinder(keywords: ["fastlane_session"], keyEndings: ["fastlane_session"], value: nil, quoted: true))
            ],
            checks: Checks(minimumLength: 40, mustContain: "Cookie")),
        RuleRow(
            rule: .appleAppSpecificPassword, title: "Apple app-specific password",
            detail: "Four groups of four lowercase letters on a line that names app-specific passwords or altool.",
            remedy: "Revoke the password at appleid.apple.com and create a new one, or move to an App Store Connect API key.",
            confidence: .medium, severity: 8.0, priority: 3,
            finders: [.engine(.appSpecificPassword)],
            checks: .provider),
        RuleRow(
            rule: .commandLinePassword, title: "Password on a command line (--password, security -p, curl -u)",
            detail: "A password or token passed as a command-line option: --password/--token/--api-key VALUE, "
                + "security unlock-keychain/create-keychain/import -p/-P, altool -p, curl -u user:password.",
            remedy: "Change the password, and pass it through the environment or a file instead of the command line.",
            confidence: .medium, severity: 7.5, priority: 2,
            finders: [.engine(.commandLine)],
            checks: Checks(generic: true)),
        RuleRow(
            rule: .netrcPassword, title: "Password in a .netrc entry",
            detail: "The password of a .netrc 'machine … login … password …' entry.",
            remedy: "Change the password or token, and write .netrc from the secret store without printing it.",
            confidence: .medium, severity: 7.5, priority: 2,
            finders: [.engine(.netrc)],
            checks: Checks(generic: true)),
        RuleRow(
            rule: .genericSecret, title: "High-entropy value assigned to a password, token, secret or key",
            detail: "A value of KEY=value, key: value, \"key\": \"value\", ini and fastlane table rows whose key ends in a "
                + "secret word, when it is no placeholder, identifier, digest, UUID, number, path or public key and has "
                + "enough entropy.",
            remedy: "If it is a secret, rotate it and keep it out of logs; if not, allow it with --allow or a baseline.",
            confidence: .low, severity: 5.0,
            finders: [
                .keyed(
                    KeyedFinder(
                        keywords: [],
                        keyEndings: [
                            "password", "passwd", "_pwd", "passphrase", "secret", "token", "apikey", "api_key", "accesskey",
                            "access_key", "secretkey", "secret_key", "privatekey", "private_key", "credential", "credentials",
                            "authorization",
                        ], value: nil))
            ],
            checks: Checks(generic: true)),
    ]

    /// The byte of `character`.
    private static func u(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }

    /// Key words that make a key not secret-named whatever it ends in (`PUBLIC_KEY`, `publishable_key`).
    static let publicKeyWords = ["public", "publishable", "pub_key", "pubkey"]

    /// Single-letter options that take a password, each with the words one of which the line must
    /// contain (the command), and whether the value is `user:password`.
    static let passwordOptions: [(option: String, commands: [String], userColonSecret: Bool)] = [
        ("-p", ["keychain", "altool", "notarytool", "mysql"], false),
        ("-P", ["security import", "keychain"], false),
        ("-u", ["curl"], true),
        ("--user", ["curl"], true),
    ]
}

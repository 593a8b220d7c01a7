//===----------------------------------------------------------------------===//
// IOSLogCorpus.swift: generated iOS CI logs with planted fake secrets and every kind of decoy.
//===----------------------------------------------------------------------===//

import Foundation

/// Generates iOS CI logs as the common systems write them: GitHub Actions raw logs (an ISO-8601
/// timestamp on every line), fastlane (`[HH:MM:SS]: `), Jenkins' timestamper, GitLab, Xcode Cloud,
/// docker-compose style shared prefixes, `set -x` traces and plain logs; with xcodebuild, `swift test`,
/// fastlane tables, curl -v traces, JSON event lines and environment dumps. Planted secrets are fake,
/// format-valid, made at test time from the seed, in the shapes iOS pipelines leak them (assignments
/// of every shape, headers, URLs, webhooks, PEM blocks over prefixed lines, base64 carriers, options,
/// .netrc). Decoys of every kind are mixed in: placeholders and masks, test names, SHAs, UUIDs,
/// digests, DerivedData paths, signing identities, bundle ids, base64 of text, public keys and
/// certificates, placeholder webhooks.
struct IOSLogCorpus {
    /// One generated log.
    struct LogFile {
        let name: String
        let text: String
        let planted: [PlantedSecret]
    }

    /// How every line of a log starts.
    enum Style: CaseIterable {
        case githubActions, fastlane, jenkinsISO, jenkinsTime, gitlab, xcodeCloud, compose, plain
    }

    private(set) var fake: FakeTokens
    private var clock = 0

    init(seed: UInt64) { fake = FakeTokens(seed: seed) }

    /// `files` logs with secrets and `clean` logs without; names say which is which.
    mutating func corpus(files: Int, clean: Int) -> [LogFile] {
        (0..<files).map { log(name: "leaky/\($0).log", planted: fake.number(6...24)) }
            + (0..<clean).map { log(name: "clean/\($0).log", planted: 0) }
    }

    /// One log of 150–600 lines with `planted` secrets.
    mutating func log(name: String, planted: Int) -> LogFile {
        let style = fake.pick(Style.allCases)
        let total = fake.number(150...600)
        var lines: [String] = []
        var secrets: [PlantedSecret] = []
        var slots = Set<Int>()
        while slots.count < planted { slots.insert(fake.number(0...(total - 1))) }
        clock = fake.number(0...40_000)
        for index in 0..<total {
            let block: [String]
            if slots.contains(index) {
                let plant = plantedBlock()
                secrets.append(PlantedSecret(line: lines.count + plant.offset + 1, rule: plant.rule, secret: plant.secret))
                block = plant.lines
            } else {
                block = decoyBlock()
            }
            for line in block { lines.append(prefix(style) + line) }
        }
        return LogFile(name: name, text: lines.joined(separator: "\n") + "\n", planted: secrets)
    }

    // MARK: - Prefixes

    private mutating func prefix(_ style: Style) -> String {
        clock += fake.number(0...3)
        let hours = 10 + (clock / 3600) % 12
        let minutes = (clock / 60) % 60
        let seconds = clock % 60
        let time = String(format: "%02d:%02d:%02d", hours, minutes, seconds)
        let fraction = String(format: "%07d", fake.number(0...9_999_999))
        switch style {
        case .githubActions: return "2024-06-12T\(time).\(fraction)Z "
        case .fastlane: return "[\(time)]: "
        case .jenkinsISO: return "[2024-06-12T\(time).\(fraction.prefix(3))Z] "
        case .jenkinsTime: return "\(time)  "
        case .gitlab: return "2024-06-12T\(time).\(fraction.prefix(6))Z 00O "
        case .xcodeCloud: return "2024-06-12 \(time).\(fraction.prefix(6))+0000 "
        case .compose: return "build_1  | "
        case .plain: return ""
        }
    }

    // MARK: - Planted secrets

    /// Lines that leak one secret: the lines, the rule that must report it, the secret, and which
    /// line it starts on.
    private mutating func plantedBlock() -> (lines: [String], rule: String, secret: String, offset: Int) {
        let trace = fake.chance(30) ? "+ " : ""
        switch fake.number(0...47) {
        case 0:
            let s = fake.github()
            return (["\(trace)git push https://x-access-token:\(s)@github.com/acme/app.git HEAD:main"], "github-token", s, 0)
        case 1:
            let s = fake.github()
            return (["GITHUB_TOKEN=\(s)"], "github-token", s, 0)
        case 2:
            let s = fake.githubFineGrained()
            return (["\(trace)export GH_TOKEN='\(s)'"], "github-fine-grained-token", s, 0)
        case 3:
            let s = fake.pick([fake.gitlab(), fake.gitlabDeploy()])
            return (["Using CI_JOB_TOKEN override \(s) for registry.gitlab.com"], "gitlab-token", s, 0)
        case 4:
            let s = fake.npm()
            return (["//registry.npmjs.org/:_authToken=\(s)"], "npm-token", s, 0)
        case 5:
            let s = fake.base64URLString(fake.number(40...86))
            return (["  BITRISE_API_TOKEN: \(s)"], "bitrise-token", s, 0)
        case 6:
            let s = fake.alnum(40)
            return (["CM_API_TOKEN=\(s)"], "codemagic-token", s, 0)
        case 7:
            let s = fake.awsKeyID()
            return (
                [fake.pick(["AWS_ACCESS_KEY_ID=\(s)", "aws_access_key_id = \(s)", "\"AccessKeyId\": \"\(s)\","])], "aws-access-key-id", s, 0
            )
        case 8:
            let s = fake.awsSecret()
            return (
                [fake.pick(["aws_secret_access_key = \(s)", "AWS_SECRET_ACCESS_KEY: \(s)", "\"SecretAccessKey\": \"\(s)\""])],
                "aws-secret-access-key", s, 0
            )
        case 9:
            let s = fake.google()
            return (["\t<key>API_KEY</key>\t<string>\(s)</string>"], "google-api-key", s, 0)
        case 10:
            let s = fake.azureAccountKey()
            return (
                [
                    "AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=appassets;AccountKey=\(s);EndpointSuffix=core.windows.net"
                ],
                "azure-storage-key", s, 0
            )
        case 11:
            let s = fake.uuid()
            return (["HEROKU_API_KEY=\(s)"], "heroku-api-key", s, 0)
        case 12:
            let s = fake.herokuV2()
            return (["heroku auth:token -> \(s)"], "heroku-api-key", s, 0)
        case 13:
            let s = fake.hexString(32)
            return ([fake.pick(["DD_API_KEY=\(s)", "  DATADOG_API_KEY: \(s)"])], "datadog-api-key", s, 0)
        case 14:
            let s = fake.stripe()
            return (["    Stripe.apiKey = \"\(s)\""], "stripe-live-key", s, 0)
        case 15:
            let s = fake.shopify()
            return (["SHOPIFY_ACCESS_TOKEN: \(s)"], "shopify-token", s, 0)
        case 16:
            let s = fake.sendgrid()
            return (["SENDGRID_API_KEY=\(s)"], "sendgrid-api-key", s, 0)
        case 17:
            let s = fake.hexString(32)
            return (["TWILIO_AUTH_TOKEN=\(s)"], "twilio-auth-token", s, 0)
        case 18:
            let s = fake.chance(70) ? fake.openAI() : fake.openAILegacy()
            return ([fake.pick(["OPENAI_API_KEY=\(s)", "{\"openai\":{\"key\":\"\(s)\"}}"])], "openai-api-key", s, 0)
        case 19:
            let s = fake.anthropic()
            return (["ANTHROPIC_API_KEY: \(s)"], "anthropic-api-key", s, 0)
        case 20:
            let s = fake.slack()
            return (["{\"channel\":\"#ios-ci\",\"token\":\"\(s)\"}"], "slack-token", s, 0)
        case 21:
            let s = fake.slackWebhookPath()
            return (
                [
                    "\(trace)curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"Build passed\"}' https://hooks.slack.com/services/\(s)"
                ],
                "slack-webhook", s, 0
            )
        case 22:
            let s = fake.discordWebhookPath()
            return (["DISCORD_WEBHOOK_URL=https://discord.com/api/webhooks/\(s)"], "discord-webhook", s, 0)
        case 23:
            let s = fake.teamsWebhookPath()
            return (["TEAMS_WEBHOOK: https://acme.webhook.office.com/webhookb2/\(s)"], "teams-webhook", s, 0)
        case 24:
            let s = fake.telegram()
            return (
                ["\(trace)curl -s https://api.telegram.org/bot\(s)/sendMessage -d chat_id=-100123 -d text=done"], "telegram-bot-token", s, 0
            )
        case 25:
            let s = fake.sentry()
            return (["SENTRY_AUTH_TOKEN=\(s)"], "sentry-token", s, 0)
        case 26:
            let s = fake.jwt()
            return ([fake.pick(["> Authorization: Bearer \(s)", "{\"id_token\":\"\(s)\",\"expires_in\":3600}"])], "json-web-token", s, 0)
        case 27, 28:
            // A PEM key printed into the log: every line carries the log's prefix.
            let label = fake.pick(["", "RSA", "EC", "OPENSSH"])
            let block = fake.pemBlock(label, bodyLines: fake.number(3...8))
            let intro = fake.pick([
                "\(trace)cat AuthKey_\(fake.string(10, from: FakeTokens.upper)).p8", "\(trace)echo \"$SIGNING_KEY\"", "key:",
            ])
            return ([intro] + block.lines, "private-key", block.body[0], 1)
        case 29:
            // fastlane's key_content / ASC_KEY_CONTENT: base64 of the .p8 file.
            let block = fake.pemBlock("", bodyLines: 3)
            let s = Data((block.lines.joined(separator: "\n") + "\n").utf8).base64EncodedString()
            let line = fake.pick([
                "ASC_KEY_CONTENT=\(s)",
                "app_store_connect_api_key(key_id: \"D83848D23\", issuer_id: \"\(fake.uuid())\", key_content: \"\(s)\")",
                "| key_content | \(s) |",
            ])
            return ([line], "private-key", s, 0)
        case 30:
            // A Firebase / Google service-account JSON on one line.
            let block = fake.pemBlock("", bodyLines: 4)
            let escaped = block.lines.joined(separator: "\\n") + "\\n"
            return (
                [
                    "{\"type\": \"service_account\", \"project_id\": \"acme-ios\", \"private_key_id\": \"\(fake.hexString(40))\", "
                        + "\"private_key\": \"\(escaped)\", \"client_email\": \"ci@acme-ios.iam.gserviceaccount.com\"}"
                ], "private-key", block.body[0], 0
            )
        case 31:
            let s = fake.derPrivateKeyBase64()
            return (["APP_STORE_CONNECT_PRIVATE_KEY=\(s)"], "private-key", s, 0)
        case 32:
            let s = fake.alnum(40)
            return (["> Authorization: Bearer \(s)"], "authorization-header", s, 0)
        case 33:
            let s = Data("deploy:\(fake.password())".utf8).base64EncodedString()
            return (["> authorization: Basic \(s)"], "authorization-header", s, 0)
        case 34:
            let s = fake.alnum(32)
            return (["< set-cookie: _session=\(s); path=/; secure; HttpOnly"], "cookie-header", s, 0)
        case 35:
            let s = fake.password()
            return (["Cloning into 'certificates'... https://match-bot:\(s)@git.acme.dev/ios/certificates.git"], "url-credentials", s, 0)
        case 36:
            let s = fake.hexString(32)
            return (["SENTRY_DSN=https://\(fake.hexString(32)):\(s)@o123456.ingest.sentry.io/4504"], "url-credentials", s, 0)
        case 37:
            let s = Data("match-bot:\(fake.password())".utf8).base64EncodedString()
            return (["MATCH_GIT_BASIC_AUTHORIZATION=\(s)"], "basic-credentials", s, 0)
        case 38:
            let token = fake.github()
            let s = Data("x-access-token:\(token)".utf8).base64EncodedString()
            return (["  MATCH_GIT_BASIC_AUTHORIZATION: \(s)"], "github-token", s, 0)
        case 39:
            let s =
                "---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: DAWTKNV2\(fake.base64String(120))\\n  domain: apple.com\\n  for_domain: true\\n  path: \\\"/\\\""
            return (["FASTLANE_SESSION='\(s)'"], "fastlane-session", s, 0)
        case 40:
            let s = fake.appSpecific()
            return (
                [
                    fake.pick([
                        "FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=\(s)",
                        "\(trace)xcrun altool --upload-app -f App.ipa -u ci@acme.dev -p \(s)",
                    ])
                ],
                "apple-app-specific-password", s, 0
            )
        case 41:
            let s = fake.password()
            return (
                [
                    fake.pick([
                        "\(trace)security unlock-keychain -p \(s) build.keychain", "\(trace)security create-keychain -p '\(s)' ci.keychain",
                        "\(trace)security import dist.p12 -k ~/Library/Keychains/ci.keychain -P \(s) -T /usr/bin/codesign",
                    ])
                ], "command-line-password", s, 0
            )
        case 42:
            let s = fake.password()
            return (
                [
                    fake.pick([
                        "\(trace)curl -fsS -u ci-bot:\(s) https://nexus.acme.dev/repository/ios/",
                        "\(trace)fastlane deliver --password \(s) --skip_screenshots",
                    ])
                ],
                "command-line-password", s, 0
            )
        case 43:
            let s = fake.password()
            return (["machine git.acme.dev login match-bot password \(s)"], "netrc-password", s, 0)
        case 44:
            let s = fake.password()
            return (
                [fake.pick(["MATCH_PASSWORD=\(s)", "FASTLANE_PASSWORD: \(s)", "export KEYCHAIN_PASSWORD=\"\(s)\""])], "generic-secret", s, 0
            )
        case 45:
            let s = fake.alnum(32)
            return (
                [
                    fake.pick([
                        "        \"apiKey\": \"\(s)\",", "{\"level\":\"debug\",\"api_key\":\"\(s)\",\"n\":1}", "  client_secret: \(s)",
                    ])
                ], "generic-secret", s, 0
            )
        case 46:
            let s = fake.password()
            return ([fake.pick(["password = \(s)", "| password | \(s) |", "--> DB_PASSWORD=\(s)"])], "generic-secret", s, 0)
        default:
            let s = fake.alnum(36)
            return (["DEPLOY_TOKEN=\(s)"], "generic-secret", s, 0)
        }
    }

    // MARK: - Decoys

    /// Lines with no secret, several of them built to look like one.
    private mutating func decoyBlock() -> [String] {
        let n = fake.number(1...9999)
        let sha = fake.hexString(40)
        switch fake.number(0...63) {
        // Build and test output.
        case 0:
            return [
                "CompileSwift normal arm64 /Users/runner/work/App/App/Sources/Auth/TokenStore\(n).swift (in target 'App' from project 'App')"
            ]
        case 1:
            return [
                "Ld /Users/runner/Library/Developer/Xcode/DerivedData/App-\(fake.string(28, from: FakeTokens.lower))/Build/Products/Debug-iphonesimulator/App.app/App normal"
            ]
        case 2: return ["Test Case '-[AppTests.AuthTests testRefreshToken\(n)]' passed (0.0\(n % 10) seconds)."]
        case 3:
            return [
                "/Users/runner/work/App/AppTests/AuthTests.swift:\(n % 300): error: AuthTests.testSecret : XCTAssertEqual failed: (\"1\") is not equal to (\"2\")"
            ]
        case 4: return ["AuthTests.testAPIToken : XCTAssertTrue failed - token expired"]
        case 5: return ["✔ Test testPasswordRotation() passed after 0.00\(n % 10) seconds."]
        case 6: return ["◇ Test \"refresh token is stored in the keychain\" started."]
        case 7: return ["[\(n % 400)/400] Compiling TokenKit KeychainToken.swift"]
        case 8: return ["Test Suite 'SecretStoreTests' passed at 2024-06-12 18:35:39.012."]
        case 9: return ["    let token: String = try await client.fetchToken(for: account)"]
        case 10: return ["warning: variable 'password' was never mutated; consider changing to 'let' constant"]
        case 11: return ["\u{1B}[1m\u{1B}[32m▸\u{1B}[0m Compiling \u{1B}[1mAPIKeyProvider.swift\u{1B}[0m"]
        case 12: return ["** TEST SUCCEEDED ** [\(n % 300).4 sec]"]
        // Signing, bundle ids, profiles.
        case 13:
            return [
                "Signing Identity:     \"Apple Distribution: Acme Corp (\(fake.string(10, from: FakeTokens.upper + FakeTokens.digits)))\""
            ]
        case 14: return ["Provisioning Profile: \"match AppStore com.acme.app\" (\(fake.uuid()))"]
        case 15: return ["    export CODE_SIGN_IDENTITY\\=Apple\\ Distribution"]
        case 16: return ["PRODUCT_BUNDLE_IDENTIFIER = com.acme.app.token-widget"]
        case 17:
            return [
                "CodeSign /Users/runner/Library/Developer/Xcode/DerivedData/App-\(fake.string(28, from: FakeTokens.lower))/Build/App.app (in target 'App')"
            ]
        // SHAs, UUIDs, digests.
        case 18: return ["HEAD is now at \(sha.prefix(7)) Merge pull request #\(n) from acme/token-refresh"]
        case 19: return ["GITHUB_SHA=\(sha)"]
        case 20: return ["cache key: spm-\(fake.hexString(64))"]
        case 21: return ["< x-request-id: \(fake.uuid())"]
        case 22: return ["session_token=\(fake.uuid())"]
        case 23: return ["api_key=\(fake.hexString(64))"]
        case 24: return ["checksum: \(fake.hexString(64))"]
        case 25: return ["\"identity\" : \"swift-argument-parser\", \"revision\" : \"\(sha)\""]
        case 26: return ["{\"event\":\"test_finished\",\"name\":\"testTokenRefresh\",\"duration\":0.01,\"sha\":\"\(sha)\"}"]
        // Placeholders and masks.
        case 27: return ["  GITHUB_TOKEN: ***"]
        case 28: return ["  MATCH_PASSWORD: ***", "  FASTLANE_SESSION: ***"]
        case 29: return ["API_KEY=<YOUR_API_KEY>"]
        case 30: return ["token: ${{ secrets.GITHUB_TOKEN }}"]
        case 31: return ["\(fake.chance(50) ? "+ " : "")export TOKEN=$GITHUB_TOKEN"]
        case 32: return ["curl -H \"Authorization: Bearer ${TOKEN}\" https://api.acme.dev/v1/builds"]
        case 33: return ["set TOKEN=%TOKEN%"]
        case 34: return ["PASSWORD=changeme"]
        case 35: return ["api_key=aaaaaaaaaaaaaaaaaaaa", "secret=abcdefghijklmnop123456"]
        case 36: return ["SECRET_KEY=REDACTED"]
        case 37:
            return ["aws_access_key_id = AK" + "IAIOSFODNN7EXAMPLE", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"]
        case 38: return ["token: gh" + "p_" + String(repeating: "x", count: 36)]
        case 39: return ["| keychain_password | ******** |", "| password          | ******** |"]
        case 40: return ["\(fake.chance(50) ? "+ " : "")security unlock-keychain -p \"$KEYCHAIN_PASSWORD\" build.keychain"]
        case 41: return ["xcrun altool --upload-app -f App.ipa -u ci@acme.dev -p @keychain:AC_PASSWORD"]
        case 42: return ["machine api.github.com login x-access-token password $GITHUB_TOKEN"]
        case 43: return ["OPENAI_API_KEY=sk-your-key-here", "SLACK_TOKEN=xo" + "xb-your-token"]
        case 44: return ["https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX"]
        case 45: return ["> Authorization: Bearer ***", "> Cookie: theme=dark"]
        // fastlane tables and summaries.
        case 46:
            return [
                "| api_key_path | ./fastlane/api_key.json |", "| key_id       | D83848D23              |",
                "| issuer_id    | \(fake.uuid()) |",
            ]
        case 47: return ["Driving the lane 'ios beta' 🚀", "--- Step: match ---", "Successfully decrypted certificates repo"]
        case 48: return ["| 12 | build_app | 312 |"]
        // Base64 of text, public material.
        case 49: return ["payload_secret=" + Data("ordinary log text number \(n) of the build".utf8).base64EncodedString()]
        case 50:
            let body = fake.pemBodyLines(4)
            return ["-----BEGIN CERTIFICATE-----"] + body + ["-----END CERTIFICATE-----"]
        case 51:
            let body = fake.pemBodyLines(3)
            return ["-----BEGIN PUBLIC KEY-----"] + body + ["-----END PUBLIC KEY-----"]
        case 52: return ["SSH_PUBLIC_KEY=ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI\(fake.base64String(43)) ci@runner"]
        case 53: return ["\"certificate\": \"\(fake.derPublicKeyBase64())\","]
        case 54: return ["APNS_PUBLIC_KEY=\(fake.derPublicKeyBase64())"]
        // HTTP traces and environment.
        case 55:
            return [
                "> GET /v1/apps/\(n)/builds?limit=200 HTTP/2", "> Host: api.appstoreconnect.apple.com", "> User-Agent: fastlane/2.220.0",
            ]
        case 56: return ["< HTTP/2 200", "< content-type: application/json", "< x-rate-limit: user-hour-lim:3600;user-hour-rem:\(n);"]
        case 57: return ["RUNNER_TEMP=/Users/runner/work/_temp", "ImageVersion: 20240603.1", "XCODE_VERSION=15.4"]
        case 58: return ["token_version=2.10.\(n % 20)", "TOKEN_COUNT=\(n % 9)", "BUILD_TOKEN=\(n)"]
        case 59: return ["##[group]Run fastlane ios beta", "##[endgroup]"]
        case 60: return ["npm_config_cache=/Users/runner/.npm", "KEYCHAIN_PATH=/Users/runner/Library/Keychains/build.keychain-db"]
        case 61: return ["[Pipeline] sh", "[Pipeline] withCredentials", "Masking supported pattern matches of $MATCH_PASSWORD"]
        case 62: return ["Resolved source packages:", "  swift-collections: https://github.com/apple/swift-collections.git @ 1.1.\(n % 9)"]
        default: return ["\u{1B}[33mwarning:\u{1B}[0m 'authToken' is deprecated: use 'credential' instead"]
        }
    }
}

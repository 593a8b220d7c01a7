//===----------------------------------------------------------------------===//
// RuleTests.swift: every rule's positive and negative cases.
//===----------------------------------------------------------------------===//

import Foundation
import Testing

@testable import TokenScan

/// A line with one planted secret, the rule that must find it, and where the secret starts.
struct PositiveCase: CustomTestStringConvertible, Sendable {
    let rule: ScanRule
    let line: String
    let secret: String
    var testDescription: String { rule.id + ": " + String(line.prefix(40)) }

    static func all() -> [PositiveCase] {
        var fake = FakeTokens(seed: 0x5CA7)
        let github = fake.github()
        let fineGrained = fake.githubFineGrained()
        let gitlab = fake.gitlab()
        let slack = fake.slack()
        let awsID = fake.awsKeyID()
        let awsSecret = fake.awsSecret()
        let google = fake.google()
        let stripe = fake.stripe()
        let npm = fake.npm()
        let jwt = fake.jwt()
        let bearer = fake.alnum(32)
        let basicPassword = fake.password()
        let basic = Data("deploy:\(basicPassword)".utf8).base64EncodedString()
        let proxy = fake.alnum(28)
        let cookie = fake.alnum(32)
        let setCookie = fake.alnum(40)
        let urlPassword = fake.password()
        let appSpecific = fake.appSpecific()
        let appSpecific2 = fake.appSpecific()
        let dbPassword = fake.password()
        let apiKey = fake.alnum(32)
        let envToken = fake.alnum(40)
        let yamlSecret = fake.password()
        let bitrise = fake.base64URLString(60)
        let codemagic = fake.alnum(40)
        let azure = fake.azureAccountKey()
        let herokuUUID = fake.uuid()
        let herokuV2 = fake.herokuV2()
        let datadog = fake.hexString(32)
        let shopify = fake.shopify()
        let sendgrid = fake.sendgrid()
        let twilio = fake.hexString(32)
        let openAI = fake.openAI()
        let openAILegacy = fake.openAILegacy()
        let anthropic = fake.anthropic()
        let slackHook = fake.slackWebhookPath()
        let discordHook = fake.discordWebhookPath()
        let teamsHook = fake.teamsWebhookPath()
        let telegram = fake.telegram()
        let sentry = fake.sentry()
        let matchBasic = Data("match:\(fake.password())".utf8).base64EncodedString()
        let innerGitHub = Data("x-access-token:\(fake.github())".utf8).base64EncodedString()
        let session = "---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: DAWTKNV2\(fake.base64String(80))"
        let keychain = fake.password()
        let curlPassword = fake.password()
        let longOption = fake.password()
        let netrc = fake.password()
        let pem = fake.pemBlock("", bodyLines: 3).lines.joined(separator: "\n") + "\n"
        let encodedKey = Data(pem.utf8).base64EncodedString()
        let derKey = fake.derPrivateKeyBase64()
        let percent = "%5TH" + fake.alnum(14)
        let dash = "-7iU" + fake.alnum(14)
        let badChecksum = fake.githubBadChecksum()
        return [
            // Issue 25's shapes: bash 3.2's `set -x` quotes before the key; a value may start with
            // `%` or (quoted) `-`; a secret-named key's value is a secret whatever its checksum.
            PositiveCase(rule: .fastlaneSession, line: "+ export 'FASTLANE_SESSION=\(session)'", secret: session),
            PositiveCase(rule: .genericSecret, line: "MATCH_PASSWORD=\(percent)", secret: percent),
            PositiveCase(rule: .commandLinePassword, line: "+ security unlock-keychain -p \(percent) build.keychain", secret: percent),
            PositiveCase(rule: .commandLinePassword, line: "+ security unlock-keychain -p '\(dash)' build.keychain", secret: dash),
            PositiveCase(rule: .genericSecret, line: "GITHUB_TOKEN=\(badChecksum)", secret: badChecksum),
            PositiveCase(rule: .githubToken, line: "remote: using token \(github) for push", secret: github),
            PositiveCase(rule: .githubToken, line: "GITHUB_TOKEN=\(github)", secret: github),
            PositiveCase(rule: .githubFineGrainedToken, line: "export GH_TOKEN='\(fineGrained)'", secret: fineGrained),
            PositiveCase(rule: .gitlabToken, line: "git push https://oauth2:\(gitlab)@gitlab.com/x.git", secret: gitlab),
            PositiveCase(rule: .slackToken, line: "posting with \(slack) to #ci", secret: slack),
            PositiveCase(rule: .awsAccessKeyID, line: "aws_access_key_id = \(awsID)", secret: awsID),
            PositiveCase(rule: .awsSecretAccessKey, line: "aws_secret_access_key = \(awsSecret)", secret: awsSecret),
            PositiveCase(rule: .awsSecretAccessKey, line: "{\"AWS_SECRET_ACCESS_KEY\": \"\(awsSecret)\"}", secret: awsSecret),
            PositiveCase(rule: .googleAPIKey, line: "<string>\(google)</string>", secret: google),
            PositiveCase(rule: .stripeLiveKey, line: "stripe.api_key(\(stripe))", secret: stripe),
            PositiveCase(rule: .npmToken, line: "//registry.npmjs.org/:_authToken=\(npm)", secret: npm),
            PositiveCase(rule: .jsonWebToken, line: "> Authorization: Bearer \(jwt)", secret: jwt),
            PositiveCase(rule: .authorizationHeader, line: "> Authorization: Bearer \(bearer)", secret: bearer),
            PositiveCase(rule: .authorizationHeader, line: "authorization: Basic \(basic)", secret: basic),
            PositiveCase(rule: .authorizationHeader, line: "Proxy-Authorization: token \(proxy)", secret: proxy),
            PositiveCase(rule: .authorizationHeader, line: "{\"Authorization\": \"Bearer \(bearer)\"}", secret: bearer),
            PositiveCase(rule: .cookieHeader, line: "> Cookie: theme=dark; session=\(cookie)", secret: cookie),
            PositiveCase(rule: .cookieHeader, line: "< Set-Cookie: sid=\(setCookie); Path=/; HttpOnly", secret: setCookie),
            PositiveCase(
                rule: .urlCredentials, line: "Cloning into 'x'... https://ci:\(urlPassword)@git.corp/app.git", secret: urlPassword),
            PositiveCase(
                rule: .appleAppSpecificPassword, line: "FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=\(appSpecific)",
                secret: appSpecific),
            PositiveCase(
                rule: .appleAppSpecificPassword, line: "xcrun altool --upload-app -u a@b.c -p \(appSpecific2)", secret: appSpecific2),
            PositiveCase(rule: .genericSecret, line: "DB_PASSWORD=\(dbPassword)", secret: dbPassword),
            PositiveCase(rule: .genericSecret, line: "{\"api_key\": \"\(apiKey)\", \"n\": 1}", secret: apiKey),
            PositiveCase(rule: .genericSecret, line: "MY_SERVICE_TOKEN=\(envToken)", secret: envToken),
            PositiveCase(rule: .genericSecret, line: "  client_secret: \(yamlSecret)", secret: yamlSecret),
            PositiveCase(rule: .bitriseToken, line: "BITRISE_API_TOKEN=\(bitrise)", secret: bitrise),
            PositiveCase(rule: .codemagicToken, line: "  CM_API_TOKEN: \(codemagic)", secret: codemagic),
            PositiveCase(
                rule: .azureStorageKey,
                line: "DefaultEndpointsProtocol=https;AccountName=x;AccountKey=\(azure);EndpointSuffix=core.windows.net",
                secret: azure),
            PositiveCase(rule: .herokuAPIKey, line: "HEROKU_API_KEY=\(herokuUUID)", secret: herokuUUID),
            PositiveCase(rule: .herokuAPIKey, line: "token \(herokuV2) ok", secret: herokuV2),
            PositiveCase(rule: .datadogAPIKey, line: "DD_API_KEY=\(datadog)", secret: datadog),
            PositiveCase(rule: .shopifyToken, line: "using \(shopify)", secret: shopify),
            PositiveCase(rule: .sendgridAPIKey, line: "SENDGRID_API_KEY=\(sendgrid)", secret: sendgrid),
            PositiveCase(rule: .twilioAuthToken, line: "TWILIO_AUTH_TOKEN=\(twilio)", secret: twilio),
            PositiveCase(rule: .openAIAPIKey, line: "OPENAI_API_KEY=\(openAI)", secret: openAI),
            PositiveCase(rule: .openAIAPIKey, line: "{\"key\": \"\(openAILegacy)\"}", secret: openAILegacy),
            PositiveCase(rule: .anthropicAPIKey, line: "x-api-key: \(anthropic)", secret: anthropic),
            PositiveCase(rule: .slackWebhook, line: "curl -d '{}' https://hooks.slack.com/services/\(slackHook)", secret: slackHook),
            PositiveCase(rule: .discordWebhook, line: "WEBHOOK=https://discord.com/api/webhooks/\(discordHook)", secret: discordHook),
            PositiveCase(rule: .teamsWebhook, line: "https://acme.webhook.office.com/webhookb2/\(teamsHook)", secret: teamsHook),
            PositiveCase(rule: .telegramBotToken, line: "curl https://api.telegram.org/bot\(telegram)/getMe", secret: telegram),
            PositiveCase(rule: .sentryToken, line: "SENTRY_AUTH_TOKEN=\(sentry)", secret: sentry),
            PositiveCase(rule: .basicCredentials, line: "MATCH_GIT_BASIC_AUTHORIZATION=\(matchBasic)", secret: matchBasic),
            PositiveCase(rule: .githubToken, line: "MATCH_GIT_BASIC_AUTHORIZATION: \(innerGitHub)", secret: innerGitHub),
            PositiveCase(rule: .fastlaneSession, line: "FASTLANE_SESSION='\(session)'", secret: session),
            PositiveCase(rule: .commandLinePassword, line: "+ security unlock-keychain -p \(keychain) build.keychain", secret: keychain),
            PositiveCase(rule: .commandLinePassword, line: "curl -fsS -u ci:\(curlPassword) https://repo.acme.dev/", secret: curlPassword),
            PositiveCase(rule: .commandLinePassword, line: "fastlane deliver --password \(longOption) --force", secret: longOption),
            PositiveCase(rule: .netrcPassword, line: "machine git.acme.dev login bot password \(netrc)", secret: netrc),
            PositiveCase(rule: .privateKey, line: "ASC_KEY_CONTENT=\(encodedKey)", secret: encodedKey),
            PositiveCase(rule: .privateKey, line: "APP_STORE_CONNECT_PRIVATE_KEY=\(derKey)", secret: derKey),
        ]
    }
}

/// A line that must produce no finding; `reason` is the suppression expected, if any.
struct NegativeCase: CustomTestStringConvertible, Sendable {
    let line: String
    let reason: SuppressionReason?
    var allow: [String] = []
    var testDescription: String { String(line.prefix(50)) }

    static func all() -> [NegativeCase] {
        var fake = FakeTokens(seed: 0xDEC0)
        let sha = String(repeating: "0123456789abcdef", count: 3).prefix(40)
        return [
            NegativeCase(line: "remote: " + "gh" + "p_" + fake.alnum(35), reason: nil),
            NegativeCase(line: "id " + "gh" + "p_" + fake.alnum(37), reason: nil),
            NegativeCase(line: "token: " + "gh" + "p_" + String(repeating: "x", count: 36), reason: .placeholder),
            NegativeCase(line: "github" + "_pat_" + fake.alnum(70), reason: nil),
            NegativeCase(line: "gl" + "pat-" + fake.alnum(19), reason: nil),
            NegativeCase(line: "xo" + "xq-" + fake.alnum(20), reason: nil),
            NegativeCase(line: "AK" + "IA" + "IOSFODNN7" + "EXAMPLE", reason: .placeholder),
            NegativeCase(line: "AK" + "IA" + fake.string(15, from: FakeTokens.base32), reason: nil),
            NegativeCase(line: "AI" + "za" + fake.alnum(34), reason: nil),
            NegativeCase(line: "sk" + "_test_" + fake.alnum(24), reason: nil),
            NegativeCase(line: "pk" + "_live_" + fake.alnum(24), reason: nil),
            NegativeCase(line: "np" + "m_" + fake.alnum(35), reason: nil),
            NegativeCase(line: "value eyJ" + fake.alnum(20) + "." + fake.alnum(20) + "." + fake.alnum(20), reason: .notJSON),
            NegativeCase(line: "-----BEGIN " + FakeTokens.pemLabel() + "-----", reason: .tooShort),
            NegativeCase(line: "-----BEGIN PUBLIC KEY-----", reason: nil),
            NegativeCase(line: "> Authorization: Bearer ${TOKEN}", reason: .placeholder),
            NegativeCase(line: "> Authorization: Bearer $(TOKEN)", reason: .placeholder),
            NegativeCase(line: "Authorization: Bearer <token>", reason: .placeholder),
            NegativeCase(line: "Authorization: Bearer ***", reason: .placeholder),
            NegativeCase(line: "X-Test-Token: fixture-only", reason: .allowlisted, allow: ["fixture-only"]),
            NegativeCase(line: "Authorization: Bearer fixture-only", reason: .allowlisted, allow: ["fixture-only"]),
            NegativeCase(line: "Authorization: Bearer REDACTED", reason: .placeholder),
            NegativeCase(line: "> Cookie: theme=dark", reason: .tooShort),
            NegativeCase(line: "https://user:password@example.com/", reason: .placeholder),
            NegativeCase(line: "see https://github.com/apple/swift for details", reason: nil),
            NegativeCase(line: "abcd-efgh-ijkl-mnop is the order", reason: nil),
            NegativeCase(line: "APP_SPECIFIC_PASSWORD=xxxx-xxxx-xxxx-xxxx", reason: .placeholder),
            NegativeCase(line: "token=true", reason: .placeholder),
            NegativeCase(line: "TOKEN_COUNT=5", reason: nil),
            NegativeCase(line: "api_key=\(sha)", reason: .hexDigest),
            NegativeCase(line: "secret_key: sha256:" + String(repeating: "9f86d081884c7d65", count: 4), reason: .hexDigest),
            // The gate's own Markdown summary lists a finding's rule beside its fingerprint.
            NegativeCase(line: "| logs/unit.log:4:8 | github-token | hmac-sha256:2ad1beb39c185052b154a8945b61a4e5 |", reason: .hexDigest),
            NegativeCase(line: "session_token=123e4567-e89b-12d3-a456-426614174000", reason: .uuid),
            NegativeCase(line: "AUTH_TOKEN=2024-05-01T12:34:56Z", reason: .numeric),
            NegativeCase(line: "BUILD_TOKEN=1234567890", reason: .numeric),
            NegativeCase(line: "PASSWORD=changeme", reason: .placeholder),
            NegativeCase(line: "password = dummy-password-value", reason: .placeholder),
            NegativeCase(line: "token=aaaaaaaaaaaaaaaaaaaa", reason: .placeholder),
            NegativeCase(line: "token=xyxyxyxyxyxyxyxy", reason: .lowEntropy),
            NegativeCase(line: "secret=" + Data("hello world, this is text".utf8).base64EncodedString(), reason: .base64Text),
            NegativeCase(line: "DERIVED_TOKEN=DerivedData/MyApp-abcdefghijklmnopqrstuvwxyzab", reason: .derivedData),
            NegativeCase(line: "SSH_TOKEN=/Users/runner/.ssh/id", reason: .path),
            NegativeCase(line: "commit 3f786850e387550fdab836ed7e6dc881de23001b key", reason: nil),
            NegativeCase(line: "Test Suite 'All tests' passed at 2024-05-01 12:34:56.789.", reason: nil),
            NegativeCase(line: "let token: String = try await fetch()", reason: .placeholder),
            NegativeCase(line: "let token: Int", reason: .tooShort),
            NegativeCase(line: "AuthTests.testSecret : XCTAssertEqual failed: (\"1\") is not equal to (\"2\")", reason: .identifier),
            NegativeCase(line: "    let secret = Secret(value: input)", reason: .identifier),
            NegativeCase(line: "  GITHUB_TOKEN: ***", reason: .placeholder),
            NegativeCase(line: "token: ${{ secrets.GITHUB_TOKEN }}", reason: .placeholder),
            NegativeCase(line: "set TOKEN=%TOKEN%", reason: .placeholder),
            NegativeCase(line: "MATCH_PASSWORD=%{match_password}", reason: .placeholder),
            NegativeCase(line: "API_TOKEN=%1$@", reason: .placeholder),
            NegativeCase(line: "security unlock-keychain -p -k ci.keychain", reason: nil),
            NegativeCase(line: "remote: " + fake.githubBadChecksum(), reason: .badChecksum),
            NegativeCase(line: "value sk" + "-" + fake.alnum(48), reason: .format),
            NegativeCase(line: "PUBLIC_KEY=" + fake.derPublicKeyBase64(), reason: nil),
            NegativeCase(line: "APNS_SIGNING_SECRET=" + fake.derPublicKeyBase64(), reason: .publicKey),
            NegativeCase(line: "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", reason: .placeholder),
            NegativeCase(line: "security unlock-keychain -p \"$KEYCHAIN_PASSWORD\" build.keychain", reason: .placeholder),
            NegativeCase(line: "xcrun altool --upload-app -u a@b.c -p @keychain:AC_PASSWORD", reason: .placeholder),
            NegativeCase(line: "mkdir -p /tmp/build_token && ssh -p 2222 ci@host", reason: nil),
            NegativeCase(line: "-----BEGIN CERTIFICATE-----", reason: nil),
            NegativeCase(line: "CERT=" + Data("-----BEGIN CERTIFICATE-----\nMIIB\n".utf8).base64EncodedString(), reason: nil),
            NegativeCase(line: "2024-06-12T18:35:39.0123400Z ##[group]Run actions/checkout@v4", reason: nil),
            NegativeCase(line: "| keychain_password | ******** |", reason: .placeholder),
        ]
    }
}

@Suite("rules")
struct RuleTests {
    @Test("every rule finds its planted secret at the right column", arguments: PositiveCase.all())
    func positive(_ example: PositiveCase) throws {
        let result = scan(example.line)
        #expect(result.findings.count == 1, "findings: \(result.findings) suppressed: \(result.suppressed)")
        let finding = try #require(result.findings.first)
        #expect(finding.rule == example.rule)
        let start = try #require(example.line.range(of: example.secret))
        let column = example.line.utf8.distance(from: example.line.startIndex, to: start.lowerBound) + 1
        #expect(finding.column == column)
        #expect(finding.endColumn == column + example.secret.utf8.count)
        #expect(finding.line == 1)
        #expect(example.secret.hasPrefix(finding.preview))
    }

    @Test("no finding for decoys, with the expected suppression reason", arguments: NegativeCase.all())
    func negative(_ example: NegativeCase) {
        let result = scan(example.line, allow: example.allow)
        #expect(result.findings.isEmpty, "unexpected: \(result.findings)")
        if let reason = example.reason {
            #expect(result.suppressed.map(\.reason) == [reason], "suppressed: \(result.suppressed)")
        } else {
            #expect(result.suppressed.isEmpty, "suppressed: \(result.suppressed)")
        }
    }

    @Test("every rule has at least one positive case")
    func coverage() {
        let covered = Set(PositiveCase.all().map(\.rule)).union([.privateKey])
        #expect(covered == Set(ScanRule.allCases))
    }

    @Test("a PEM private key over several lines is one finding from BEGIN to END")
    func pemMultiLine() throws {
        var fake = FakeTokens(seed: 7)
        let body = fake.pemBodyLines(6)
        let text =
            "step 1\n-----BEGIN " + FakeTokens.pemLabel() + "-----\n" + body.joined(separator: "\n")
            + "\n-----END " + FakeTokens.pemLabel() + "-----\nafter\n"
        let result = scan(text)
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(finding.rule == .privateKey)
        #expect(finding.line == 2 && finding.column == 1)
        #expect(finding.endLine == 9)
        #expect(finding.endColumn == "-----END PRIVATE KEY-----".utf8.count + 1)
        #expect(finding.preview == String(body[0].prefix(4)))
    }

    @Test("a .p8 key escaped in JSON has the same fingerprint as the plain block")
    func pemEscapedInJSON() throws {
        var fake = FakeTokens(seed: 8)
        let body = fake.pemBodyLines(4)
        let label = FakeTokens.pemLabel()
        let plain = "-----BEGIN \(label)-----\n" + body.joined(separator: "\n") + "\n-----END \(label)-----\n"
        let escaped = "{\"key\": \"-----BEGIN \(label)-----\\n" + body.joined(separator: "\\n") + "\\n-----END \(label)-----\\n\"}"
        let first = try #require(scan(plain).findings.first)
        let second = try #require(scan(escaped).findings.first)
        #expect(first.fingerprint == second.fingerprint)
        #expect(second.line == 1 && second.endLine == 1 && second.column == 10)
        let rsa = scan("-----BEGIN " + FakeTokens.pemLabel("RSA") + "-----\n" + body.joined(separator: "\n") + "\n")
        #expect(rsa.findings.map(\.rule) == [.privateKey])
    }

    @Test("a placeholder PEM block is suppressed")
    func pemPlaceholder() {
        let label = FakeTokens.pemLabel()
        let result = scan("-----BEGIN \(label)-----\n...\n-----END \(label)-----\n")
        #expect(result.findings.isEmpty)
        #expect(result.suppressed.map(\.reason) == [.tooShort])
    }

    @Test("ANSI colour codes are stripped before matching; columns count the stripped line")
    func ansi() throws {
        var fake = FakeTokens(seed: 9)
        let token = fake.github()
        let line = "\u{1B}[1;31merror:\u{1B}[0m token \u{1B}[33m\(token)\u{1B}[0m leaked"
        let finding = try #require(scan(line).findings.first)
        #expect(finding.rule == .githubToken)
        #expect(finding.column == "error: token ".utf8.count + 1)
        let split = "Authorization: \u{1B}[1mBearer\u{1B}[0m " + token.dropFirst(4)
        #expect(scan(split).findings.map(\.rule) == [.authorizationHeader])
    }

    @Test("the more specific rule wins where two match the same bytes")
    func overlap() {
        var fake = FakeTokens(seed: 10)
        let token = fake.github()
        #expect(scan("token: \(token)").findings.map(\.rule) == [.githubToken])
        #expect(scan("https://x-access-token:\(token)@github.com/o/r").findings.map(\.rule) == [.githubToken])
        #expect(scan("TOKEN=\(fake.jwt())").findings.map(\.rule) == [.jsonWebToken])
    }
}

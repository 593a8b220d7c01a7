//===----------------------------------------------------------------------===//
// CorpusBuilder.swift: realistic CI logs with planted fake secrets and decoys.
//===----------------------------------------------------------------------===//

import Foundation

/// A secret planted on a line of a generated log.
struct PlantedSecret {
    let line: Int
    let rule: String
    let secret: String
}

/// Builds CI logs (xcodebuild, swift test, curl -v, JSON lines, env dumps) full of decoys: git
/// SHAs beside "key", UUIDs, digests, build numbers, timestamps, DerivedData hashes, base64 of
/// text and placeholders. Planted secrets are generated at test time.
struct CorpusBuilder {
    var fake: FakeTokens
    private var counter = 0

    init(seed: UInt64) { fake = FakeTokens(seed: seed) }

    mutating func hex(_ count: Int) -> String { fake.string(count, from: Array("0123456789abcdef")) }
    mutating func uuid() -> String { [hex(8), hex(4), hex(4), hex(4), hex(12)].joined(separator: "-") }
    mutating func number() -> Int { counter += 7; return counter }

    /// One line of noise with decoys.
    mutating func decoyLine() -> String {
        let n = number()
        switch n % 23 {
        case 0: return "CompileSwift normal arm64 /Users/runner/work/App/Sources/File\(n).swift (in target 'App' from project 'App')"
        case 1: return "Ld /Users/runner/Library/Developer/Xcode/DerivedData/App-\(fake.string(28, from: FakeTokens.lower))/Build/App"
        case 2: return "Test Case 'AppTests.testLogin\(n)' started at 2024-05-01 12:34:56.789"
        case 3: return "Test Case '-[AppTests.LoginTests test\(n)]' passed (0.012 seconds)."
        case 4: return "✔ Test \"decodes token \(n)\" passed after 0.001 seconds."
        case 5: return "> GET /v1/items/\(n) HTTP/2"
        case 6: return "< x-request-id: \(uuid())"
        case 7: return "< etag: \"\(hex(32))\""
        case 8: return "{\"ts\":\"2024-05-01T12:34:\(n % 60)Z\",\"level\":\"info\",\"sha256\":\"\(hex(64))\",\"build\":\(n)}"
        case 9: return "GITHUB_SHA=\(hex(40))"
        case 10: return "cache key: \(hex(40))"
        case 11: return "api_key=\(hex(64))"
        case 12: return "session_token=\(uuid())"
        case 13: return "BUILD_TOKEN=\(n)"
        case 14: return "payload_secret=" + Data("ordinary log text number \(n)".utf8).base64EncodedString()
        case 15: return "> Authorization: Bearer ${API_TOKEN}"
        case 16: return "X-Test-Token: fixture-only"
        case 17: return "PASSWORD=***"
        case 18: return "SECRET_KEY=REDACTED"
        case 19: return "commit \(hex(40)) (HEAD -> main, key: \(hex(40)))"
        case 20: return "Signing Identity: \"Apple Development: CI Bot (\(fake.string(10, from: FakeTokens.upper)))\""
        case 21: return "** BUILD SUCCEEDED ** [\(n).345 sec] build \(n) at 2024-05-01T12:00:00+02:00"
        default: return "\u{1B}[32m[\(n)/500]\u{1B}[0m Compiling Module\(n) Token.swift TokenStore.swift"
        }
    }

    /// One line with a planted secret, its rule and the secret.
    mutating func plantedLine() -> (line: String, rule: String, secret: String) {
        switch number() % 16 {
        case 0: let s = fake.github(); return ("remote: Using \(s) to push", "github-token", s)
        case 1: let s = fake.githubFineGrained(); return ("GH_TOKEN=\(s)", "github-fine-grained-token", s)
        case 2: let s = fake.gitlab(); return ("CI_JOB_TOKEN_OVERRIDE \(s)", "gitlab-token", s)
        case 3: let s = fake.slack(); return ("{\"webhook\":\"ok\",\"bot\":\"\(s)\"}", "slack-token", s)
        case 4: let s = fake.awsKeyID(); return ("AWS_ACCESS_KEY_ID=\(s)", "aws-access-key-id", s)
        case 5: let s = fake.awsSecret(); return ("AWS_SECRET_ACCESS_KEY=\(s)", "aws-secret-access-key", s)
        case 6: let s = fake.google(); return ("<key>API_KEY</key><string>\(s)</string>", "google-api-key", s)
        case 7: let s = fake.stripe(); return ("Stripe.apiKey = \"\(s)\"", "stripe-live-key", s)
        case 8: let s = fake.npm(); return ("//registry.npmjs.org/:_authToken=\(s)", "npm-token", s)
        case 9: let s = fake.jwt(); return ("> Authorization: Bearer \(s)", "json-web-token", s)
        case 10: let s = fake.alnum(40); return ("\u{1B}[2m> authorization: token \(s)\u{1B}[0m", "authorization-header", s)
        case 11: let s = fake.alnum(32); return ("< set-cookie: _session=\(s); path=/; secure", "cookie-header", s)
        case 12: let s = fake.password(); return ("Cloning https://ci-bot:\(s)@git.corp.local/app.git", "url-credentials", s)
        case 13:
            let s = fake.appSpecific()
            return ("FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD=\(s)", "apple-app-specific-password", s)
        case 14: let s = fake.password(); return ("{\"level\":\"debug\",\"db_password\":\"\(s)\"}", "generic-secret", s)
        default: let s = fake.alnum(36); return ("DEPLOY_TOKEN=\(s)", "generic-secret", s)
        }
    }

    /// A log of `lines` noise lines with `planted` secrets spread through it.
    mutating func log(lines: Int, planted: Int) -> (text: String, planted: [PlantedSecret]) {
        var output: [String] = []
        var secrets: [PlantedSecret] = []
        let every = planted > 0 ? max(1, lines / planted) : Int.max
        for index in 0..<lines {
            if index % every == every / 2, secrets.count < planted {
                let (line, rule, secret) = plantedLine()
                output.append(line)
                secrets.append(PlantedSecret(line: output.count, rule: rule, secret: secret))
            } else {
                output.append(decoyLine())
            }
        }
        return (output.joined(separator: "\n") + "\n", secrets)
    }
}

//===----------------------------------------------------------------------===//
// RealLogsScanTests.swift: clean-log alarms and planted-token recall on 103 real iOS CI logs.
//===----------------------------------------------------------------------===//

import Foundation
import Testing
import TokenScan

/// The 103 real iOS and Swift CI logs of `../shared/testdata/reallogs/clean` (other projects' data,
/// read in place, never copied here): the scanner must raise no alarm on them, and must find fake
/// tokens generated here and planted in them, one shape per line, where real leaks happen.
@Suite("real CI logs (../shared/testdata/reallogs/clean)", .enabled(if: RealCILogs.available, "needs ../shared/testdata/reallogs/clean"))
struct RealLogsScanTests {
    @Test("no alarm on any of the clean logs")
    func clean() throws {
        let logs = RealCILogs.all()
        #expect(logs.count == 103)
        var alarms: [String] = []
        for name in logs {
            let text = try #require(RealCILogs.text(name))
            alarms += scan(text, file: name).findings.map { "\(name):\($0.line) \($0.rule.rawValue)" }
        }
        print("reallogs/clean: \(logs.count) logs, \(alarms.count) alarms")
        #expect(alarms == [])
    }

    @Test("the shapes real leaks take, planted in every clean log: each found, nothing else reported")
    func planted() throws {
        var fake = FakeTokens(seed: 0x25_5CA2)
        var planted = 0
        var found = 0
        var misses: [String] = []
        var alarms: [String] = []
        for name in RealCILogs.all() {
            let text = try #require(RealCILogs.text(name))
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let shapes = Self.shapes(&fake)
            var plants: [(line: Int, rule: String, secret: String)] = []
            for (offset, shape) in shapes.enumerated() {
                // Spread over the log, each after a real line and with that line's timestamp prefix.
                let index = min(lines.count, (lines.count * (offset + 1)) / (shapes.count + 1))
                let prefix = index > 0 ? Self.timestampPrefix(lines[index - 1]) : ""
                lines.insert(prefix + shape.line, at: index)
                plants = plants.map { $0.line > index ? ($0.line + 1, $0.rule, $0.secret) : $0 }
                plants.append((index + 1, shape.rule, shape.secret))
            }
            let output = scan(lines.joined(separator: "\n"), file: name)
            for plant in plants {
                planted += 1
                if output.findings.contains(where: { $0.line == plant.line && $0.rule.rawValue == plant.rule }) {
                    found += 1
                } else {
                    misses.append("\(name):\(plant.line) \(plant.rule)")
                }
            }
            for finding in output.findings where !plants.contains(where: { $0.line == finding.line && $0.rule == finding.rule.rawValue }) {
                alarms.append("\(name):\(finding.line) \(finding.rule.rawValue)")
            }
        }
        print("reallogs/clean planted: recall \(found)/\(planted), \(alarms.count) other findings")
        #expect(misses == [])
        #expect(alarms == [])
    }

    /// One line of each shape, with fake values made now: what bash 3.2's `set -x` prints for an
    /// exported FASTLANE_SESSION, values starting with `%` or `-`, and a secret-named key's token
    /// whose checksum fails; then shapes the scanner already found; then tokens in base64, hex, JSON
    /// escapes and percent-encoding (#40).
    static func shapes(_ fake: inout FakeTokens) -> [(line: String, rule: String, secret: String)] {
        let session =
            "---\\n- !ruby/object:HTTP::Cookie\\n  name: myacinfo\\n  value: DAWTKNV2\(fake.base64String(120))\\n  domain: apple.com\\n  path: \\\"/\\\""
        let percent = "%5TH" + fake.alnum(14)
        let percentOption = "%" + fake.alnum(16)
        let dash = "-7iU" + fake.alnum(14)
        let badChecksum = fake.githubBadChecksum()
        let password = fake.password()
        let github = fake.github()
        // Issue #40: tokens printed in disguise, as test output dumps requests.
        let inBase64 = fake.github()
        let body = Data("{\"login\":\"ci\",\"token\":\"\(inBase64)\"}".utf8).base64EncodedString()
        let inHex = fake.github()
        let hex = "token=\(inHex)".utf8.map { String(format: "%02x", $0) }.joined()
        let escaped = fake.github()
        let json = escaped.utf8.map { String(format: "\\u%04x", $0) }.joined()
        let encoded = fake.github()
        let url = encoded.utf8.map { String(format: "%%%02X", $0) }.joined()
        return [
            ("+ export 'FASTLANE_SESSION=\(session)'", "fastlane-session", session),
            ("MATCH_PASSWORD=\(percent)", "generic-secret", percent),
            ("+ security unlock-keychain -p \(percentOption) build.keychain", "command-line-password", percentOption),
            ("+ security unlock-keychain -p '\(dash)' build.keychain", "command-line-password", dash),
            ("GITHUB_TOKEN=\(badChecksum)", "generic-secret", badChecksum),
            ("export KEYCHAIN_PASSWORD=\"\(password)\"", "generic-secret", password),
            ("remote: \(github)", "github-token", github),
            ("> POST /session body=\(body)", "github-token", inBase64),
            ("request bytes: \(hex)", "github-token", inHex),
            ("{\"headers\":{\"x-auth\":\"\(json)\"}}", "github-token", escaped),
            ("GET https://api.example.com/user?access_token=\(url)&page=2", "github-token", encoded),
        ]
    }

    /// `[2026-01-06T17:40:43.853Z] ` when `line` starts with a bracketed timestamp, else nothing.
    static func timestampPrefix(_ line: String) -> String {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]"), line.distance(from: line.startIndex, to: close) <= 40 else {
            return ""
        }
        let after = line.index(after: close)
        return after < line.endIndex && line[after] == " " ? String(line[...after]) : ""
    }
}

//===----------------------------------------------------------------------===//
// FingerprintTests.swift: keyed fingerprints, the baseline and the allowlist.
//===----------------------------------------------------------------------===//

import GateDigest
import Testing

@testable import TokenScan

@Suite("fingerprints")
struct FingerprintTests {
    @Test("hmac-sha256: + 32 hex of HMAC(key, rule ‖ 0x00 ‖ secret), stable across runs")
    func definition() throws {
        var fake = FakeTokens(seed: 11)
        let token = fake.github()
        let finding = try #require(scan("t \(token)").findings.first)
        let key = testFingerprintKey
        let tag = HMACSHA256.authenticationCode(for: Array("github-token".utf8) + [0] + Array(token.utf8), key: key)
        #expect(finding.fingerprint == "hmac-sha256:" + tag.hex.prefix(32))
        #expect(scan("other line \(token)").findings.first?.fingerprint == finding.fingerprint)
        let plain = SHA256.hash(Array(token.utf8)).hex
        #expect(!plain.contains(finding.fingerprint.dropFirst(12)))
    }

    @Test("the key comes from ACCEPTANCE_GATE_FINGERPRINT_KEY, else 32 random bytes drawn anew (no public default)")
    func key() {
        let drawn = ScanConfiguration.fingerprintKey(environment: [:])
        #expect(drawn.count == 32)
        #expect(ScanConfiguration.fingerprintKey(environment: ["ACCEPTANCE_GATE_FINGERPRINT_KEY": ""]) != drawn)
        #expect(ScanConfiguration.configuredFingerprintKey(environment: [:]) == nil)
        #expect(ScanConfiguration.fingerprintKey(environment: ["ACCEPTANCE_GATE_FINGERPRINT_KEY": "k"]) == [UInt8(ascii: "k")])
        var fake = FakeTokens(seed: 12)
        let token = Array(fake.npm().utf8)
        #expect(
            Fingerprint.make(key: [1], rule: .npmToken, secret: token) != Fingerprint.make(key: [2], rule: .npmToken, secret: token))
        #expect(
            Fingerprint.make(key: [1], rule: .npmToken, secret: token)
                != Fingerprint.make(key: [1], rule: .genericSecret, secret: token))
    }

    @Test("a baseline fingerprint suppresses its finding with reason baseline; jsonl works as a baseline")
    func baseline() throws {
        var fake = FakeTokens(seed: 13)
        let text = "a \(fake.github())\nb \(fake.npm())\n"
        let first = scan(text)
        #expect(first.findings.count == 2)
        let saved = ScanOutput.jsonl(Array(first.findings.prefix(1)))
        let accepted = ScanBaseline.fingerprints(in: saved)
        #expect(accepted.count == 1)
        let second = scan(text, baseline: accepted)
        #expect(second.findings.map(\.rule) == [.npmToken])
        #expect(second.suppressed.map(\.reason) == [.baseline])
        #expect(ScanBaseline.fingerprints(in: "# none\nhmac-sha256:zz\n").isEmpty)
    }

    @Test("findings cannot print more than a 4-character preview")
    func findingCannotPrintSecret() throws {
        var fake = FakeTokens(seed: 14)
        let token = fake.google()
        let finding = try #require(scan(token).findings.first)
        #expect(finding.preview.count <= 4)
        let long = ScanFinding(
            file: "f", line: 1, column: 1, endLine: 1, endColumn: 2, rule: .genericSecret, fingerprint: "x", preview: token)
        #expect(long.preview.count == 4)
        for text in [finding.description, finding.debugDescription, String(reflecting: finding), "\(finding)"] {
            #expect(!leaks(token, in: text))
        }
        var dumped = ""
        dump(finding, to: &dumped)
        #expect(!leaks(token, in: dumped))
    }
}

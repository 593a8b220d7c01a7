//===----------------------------------------------------------------------===//
// SigningKeyEvidenceTests.swift: the code under test never holds the key, and no output quotes it.
//===----------------------------------------------------------------------===//

import Foundation
import Gate
import GateConfig
import GateReport
import GateSigning
import Testing

@Suite("the signing key and the code under test")
struct SigningKeyEvidenceTests {
    /// A fresh key's private PEM text (as a CI secret holds it).
    private func privatePEM(_ harness: PipelineHarness) throws -> String {
        let paths = try SigningKey.generate().writePEMFiles(prefix: harness.root + "/k\(UInt32.random(in: 0...UInt32.max))")
        return try String(contentsOfFile: paths.privateKeyPath, encoding: .utf8)
    }

    @Test func aSuiteAndTheFixtureCannotReadTheKeyFromTheirEnvironment() throws {
        let harness = try PipelineHarness()
        let pem = try privatePEM(harness)
        harness.extraVariables = ["ACCEPTANCE_GATE_SIGNING_KEY": pem]
        let stolen = harness.root + "/stolen.pem"
        let fixtureSaw = harness.root + "/fixture-saw.pem"
        // The attack: read the key the gate was given, to sign a forged "accepted" report with it.
        let suite = PipelineHarness.xctest(
            "thief", "printf '%s' \"${ACCEPTANCE_GATE_SIGNING_KEY-}\" > '\(stolen)'; " + PipelineHarness.passing(["A.testOne"]),
            expect: ["A.testOne"])
        let fixture = ConfigFixture(
            launch: .command(["sh", "-c", "printf '%s' \"${ACCEPTANCE_GATE_SIGNING_KEY-}\" > '\(fixtureSaw)'; echo READY; exec sleep 30"]),
            ports: .automatic, ready: .init(line: "READY"),
            readyTimeout: .seconds(5), expectForeignRequests: nil)
        let outcome = try harness.run(harness.plan(fixture: fixture, suites: [suite]))
        #expect(outcome.report.signature?.signed == true, "the gate itself still signs with the key")
        #expect(outcome.files.contains("report.dsse.json"))
        for path in [stolen, fixtureSaw] {
            let seen = try String(contentsOfFile: path, encoding: .utf8)
            #expect(seen.isEmpty, "\(path) read the key")
            #expect(throws: SigningError.self) { try SigningKey.load(pem: seen, source: "stolen") }
        }
    }

    @Test func aKeyWhoseLineBreaksBecameSpacesIsNamedWithoutQuotingIt() throws {
        let harness = try PipelineHarness()
        let flattened = try privatePEM(harness).split(separator: "\n").joined(separator: " ")
        harness.extraVariables = ["ACCEPTANCE_GATE_SIGNING_KEY": flattened]
        let suite = PipelineHarness.xctest("unit", PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])
        var plan = harness.plan(suites: [suite])
        plan.configuration.signing.require = true
        harness.extraVariables["GITHUB_ACTIONS"] = "true"
        harness.extraVariables["GITHUB_STEP_SUMMARY"] = harness.root + "/summary.md"
        let outcome = try harness.run(plan)
        #expect(outcome.exitCode == 3)
        #expect(outcome.report.verdict == .error)
        #expect(outcome.report.problems.map(\.code) == [.signingKeyUnusable])
        #expect(outcome.report.reasons.first?.contains("line breaks were replaced by spaces") == true)
        // The base64 between the BEGIN and END lines is the secret: no 16 characters of it anywhere.
        let body = flattened.split(separator: " ").filter {
            !$0.hasPrefix("-----") && !["BEGIN", "END", "PRIVATE", "KEY-----"].contains($0)
        }
        .joined()
        let places =
            harness.outputs().filter { !$0.key.hasPrefix("logs/") }.map { ($0.key, $0.value) }
            + [("the progress output", harness.printed.withLock { $0 })]
            + [("the job summary", (try? String(contentsOfFile: harness.root + "/summary.md", encoding: .utf8)) ?? "")]
        let characters = Array(body)
        #expect(characters.count >= 40)
        for (place, text) in places {
            for start in stride(from: 0, through: characters.count - 16, by: 4) {
                let window = String(characters[start..<(start + 16)])
                #expect(!text.contains(window), "\(place) holds part of the key")
            }
        }
    }

    @Test func aKeyPrintedIntoAPrefixedCILogIsRedactedLineByLineInTheArchivedCopy() throws {
        let harness = try PipelineHarness()
        let pem = try privatePEM(harness)
        let printed = pem.split(separator: "\n").map { "2024-06-12T18:35:39.0123400Z \($0)" }.joined(separator: "\n")
        try Data((printed + "\n").utf8).write(to: URL(fileURLWithPath: harness.root + "/printed.txt"))
        let suite = PipelineHarness.xctest(
            "unit", "cat '\(harness.root)/printed.txt'; " + PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])
        let outcome = try harness.run(harness.plan(suites: [suite]))
        #expect(outcome.exitCode == 1)
        #expect(outcome.report.scan?.findings.first?.rule == "private-key")
        let archived = try #require(harness.outputs()["logs/unit.log"])
        #expect(archived.contains("[REDACTED private-key "))
        #expect(archived.split(separator: "\n").count >= pem.split(separator: "\n").count, "line for line")
        let body = Array(pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined())
        for start in stride(from: 0, through: body.count - 16, by: 4) {
            #expect(!archived.contains(String(body[start..<(start + 16)])), "the archived log holds part of the key")
        }
    }

    @Test(arguments: ["pem-body", "seed-hex", "seed-base64"])
    func theKeyFilesSecretPrintedWithoutItsArmourIsRedactedAndRejects(encoding: String) throws {
        // The review's attack: `sed -n 2p key.pem` (the PKCS#8 base64 alone) or the seed as hex is
        // no PEM block, so no scanner rule sees it; the gate knows its own key and withholds it.
        let harness = try PipelineHarness()
        let key = try SigningKey.generate()
        let paths = try key.writePEMFiles(prefix: harness.root + "/k\(UInt32.random(in: 0...UInt32.max))")
        let encodings = key.secretEncodings
        let secret: String
        switch encoding {
        case "pem-body": secret = encodings[0].split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        case "seed-hex": secret = encodings[1]
        default: secret = encodings[3]
        }
        try Data("debug: key material \(secret) end\n".utf8).write(to: URL(fileURLWithPath: harness.root + "/printed.txt"))
        let suite = PipelineHarness.xctest(
            "unit", "cat '\(harness.root)/printed.txt'; " + PipelineHarness.passing(["A.testOne"]), expect: ["A.testOne"])
        let outcome = try harness.run(harness.plan(suites: [suite], keyFile: paths.privateKeyPath))
        #expect(outcome.exitCode == 1, "\(outcome.report.reasons)")
        #expect(outcome.report.problems.contains { $0.code == .leak && $0.sentence.contains("part of the signing key") })
        let archived = try #require(harness.outputs()["logs/unit.log"])
        #expect(archived.contains("debug: key material [REDACTED signing-key] end"))
        let characters = Array(secret)
        let leaked = stride(from: 0, through: characters.count - 16, by: 4).contains { start in
            harness.outputs().values.contains { $0.contains(String(characters[start..<(start + 16)])) }
        }
        #expect(!leaked, "an output holds part of the key")
    }
}

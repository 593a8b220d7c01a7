//===----------------------------------------------------------------------===//
// StrictVerifyTests.swift: verify refuses what another JSON reader could read differently.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateSigning
import Testing

@Suite("verify reads strictly")
struct StrictVerifyTests {
    /// The envelope's three fields as the fixture signed them.
    private func fields(_ fixture: SignedReportFixture) throws -> (payload: String, type: String, keyid: String, sig: String) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(fixture.folder.read("report.dsse.json"))) as? [String: Any])
        let signature = try #require((object["signatures"] as? [[String: Any]])?.first)
        return (
            try #require(object["payload"] as? String), try #require(object["payloadType"] as? String),
            try #require(signature["keyid"] as? String), try #require(signature["sig"] as? String)
        )
    }

    @Test("the untouched envelope, payload and report are strict JSON and verify")
    func valid() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        #expect(fixture.problems() == [])
        #expect(StrictJSONProbe.isStrict(try fixture.folder.read("report.dsse.json")))
        #expect(StrictJSONProbe.isStrict(try fixture.envelope().payload))
    }

    @Test("an envelope with a key twice is refused, naming the file and the key path, wherever the key is")
    func envelopeDuplicates() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let (payload, type, keyid, sig) = try fields(fixture)
        let other = Data(#"{"_type": "forged"}"#.utf8).base64EncodedString()
        let file = "'\(fixture.envelopePath)'"
        let cases: [(String, String)] = [
            // Foundation keeps the last payload (the signed one) and verifies; a first-wins reader sees the forgery.
            (
                #"{"payload": "\#(other)", "payload": "\#(payload)", "payloadType": "\#(type)", "signatures": [{"keyid": "\#(keyid)", "sig": "\#(sig)"}]}"#,
                "payload"
            ),
            (
                #"{"payload": "\#(payload)", "payloadType": "text/plain", "payloadType": "\#(type)", "signatures": [{"keyid": "\#(keyid)", "sig": "\#(sig)"}]}"#,
                "payloadType"
            ),
            (
                #"{"payload": "\#(payload)", "payloadType": "\#(type)", "signatures": [{"keyid": "\#(keyid)", "sig": "AA==", "sig": "\#(sig)"}]}"#,
                "signatures[0].sig"
            ),
            (
                #"{"payload": "\#(payload)", "payloadType": "\#(type)", "signatures": [], "signatures": [{"keyid": "\#(keyid)", "sig": "\#(sig)"}]}"#,
                "signatures"
            ),
            (
                #"{"payload": "\#(payload)", "payloadType": "\#(type)", "signatures": [{"keyid": "\#(keyid)", "sig": "\#(sig)"}], "x": {"y": 1, "y": 2}}"#,
                "x.y"
            ),
        ]
        for (text, path) in cases {
            try fixture.folder.write(text, to: "report.dsse.json")
            let key = String(path.split(separator: ".").last ?? "").replacingOccurrences(of: "signatures[0]", with: "")
            #expect(fixture.problems() == [.ambiguousJSON(file: file, path: path, problem: "the key '\(key)' appears twice in one object")])
        }
        let message = VerificationProblem.ambiguousJSON(
            file: file, path: "payload", problem: "the key 'payload' appears twice in one object")
        #expect(message.description.hasPrefix("\(file) is not strict JSON at 'payload': the key 'payload' appears twice"))
    }

    @Test("an envelope whose base64 is not canonical is refused, naming the file and the field")
    func envelopeBase64() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let (payload, type, keyid, sig) = try fields(fixture)
        let file = "'\(fixture.envelopePath)'"
        let wrapped = String(payload.prefix(20)) + #"\n"# + String(payload.dropFirst(20))
        try fixture.folder.write(
            #"{"payload": "\#(wrapped)", "payloadType": "\#(type)", "signatures": [{"keyid": "\#(keyid)", "sig": "\#(sig)"}]}"#,
            to: "report.dsse.json")
        #expect(fixture.problems() == [.nonCanonicalBase64(file: file, path: "payload", reason: "it has a line break")])
        let urlSafe = sig.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        let unpadded = sig.replacingOccurrences(of: "=", with: "")  // a 64-byte signature always ends in "=="
        for (spelling, reason) in [
            (unpadded, "its length is not a multiple of 4 (the '=' padding is missing)"),
            (urlSafe, "it uses the URL-safe alphabet ('-' or '_'); the standard one is required"),
        ] where spelling != sig {
            try fixture.folder.write(
                #"{"payload": "\#(payload)", "payloadType": "\#(type)", "signatures": [{"keyid": "\#(keyid)", "sig": "\#(spelling)"}]}"#,
                to: "report.dsse.json")
            #expect(fixture.problems() == [.nonCanonicalBase64(file: file, path: "signatures[0].sig", reason: reason)])
        }
    }

    @Test("a signed payload with a key twice, invalid UTF-8, trailing bytes or no top-level object is refused")
    func payloadAmbiguities() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let statement = String(decoding: try fixture.envelope().payload, as: UTF8.self)
        let reportHex = SHA256.hash(try fixture.folder.read("report.json")).hex
        let forged = String(repeating: "0", count: 64)
        let file = "the signed payload of '\(fixture.envelopePath)'"
        // The attack: two report digests; Foundation takes the last (the real one), others the first.
        let twoDigests = statement.replacingOccurrences(
            of: #"{"sha256":"\#(reportHex)"}"#, with: #"{"sha256":"\#(forged)","sha256":"\#(reportHex)"}"#)
        #expect(twoDigests != statement)
        try fixture.sign(payload: Array(twoDigests.utf8))
        #expect(
            fixture.problems() == [
                .ambiguousJSON(file: file, path: "subject[1].digest.sha256", problem: "the key 'sha256' appears twice in one object")
            ])

        let twoTypes = statement.replacingOccurrences(of: #""_type":"#, with: #""_type":"x","_type":"#)
        try fixture.sign(payload: Array(twoTypes.utf8))
        #expect(fixture.problems() == [.ambiguousJSON(file: file, path: "_type", problem: "the key '_type' appears twice in one object")])

        try fixture.sign(payload: Array(statement.utf8) + Array(#"{"_type":"second"}"#.utf8))
        #expect(fixture.problems().first?.description.contains("there are bytes after the top-level object") == true)

        let badUTF8 = Array(statement.replacingOccurrences(of: "RedirectBoundaryTests", with: "Redirect\u{1}Tests").utf8).map {
            $0 == 1 ? 0xC0 : $0
        }
        try fixture.sign(payload: badUTF8)
        #expect(fixture.problems().first?.description.contains("a string is not valid UTF-8") == true)

        try fixture.sign(payload: Array("[\(statement)]".utf8))
        #expect(fixture.problems() == [.notAStatement(reason: "it is not a JSON object")])
    }

    @Test("a signed report.json with a key twice, invalid UTF-8, trailing bytes or no top-level object is refused")
    func reportAmbiguities() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let file = "'\(fixture.folder.file("report.json"))'"
        let logs = #"[{"path": "logs/fixture.log", "sha256": "\#(SHA256.hash(Array("READY origin=...\n".utf8)).hex)"}]"#
        try fixture.writeReport(#"{"verdict": "rejected", "logs": \#(logs), "verdict": "accepted"}"#)
        #expect(
            fixture.problems() == [.ambiguousJSON(file: file, path: "verdict", problem: "the key 'verdict' appears twice in one object")])

        // Foundation would check only the second (empty) list of logs.
        try fixture.writeReport(#"{"verdict": "accepted", "logs": \#(logs), "logs": []}"#)
        #expect(fixture.problems() == [.ambiguousJSON(file: file, path: "logs", problem: "the key 'logs' appears twice in one object")])

        try fixture.writeReport(#"{"logs": [{"path": "logs/fixture.log", "sha256": "00", "sha256": "11"}]}"#)
        #expect(
            fixture.problems() == [
                .ambiguousJSON(file: file, path: "logs[0].sha256", problem: "the key 'sha256' appears twice in one object")
            ])

        try fixture.writeReport(bytes: Array(#"{"verdict": "accepted", "note": "a"#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8))
        #expect(
            fixture.problems().first?.description.hasPrefix("\(file) is not strict JSON at 'note': a string is not valid UTF-8") == true)

        try fixture.writeReport(#"{"verdict": "accepted"} {"verdict": "rejected"}"#)
        #expect(fixture.problems().first?.description.contains("there are bytes after the top-level object") == true)

        try fixture.writeReport(#"[{"verdict": "accepted"}]"#)
        #expect(fixture.problems() == [.notAReport(reason: "it is not a JSON object")])
    }
}

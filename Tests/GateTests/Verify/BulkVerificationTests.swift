//===----------------------------------------------------------------------===//
// BulkVerificationTests.swift: verify's rules as the library gives them to verify and sign.
//===----------------------------------------------------------------------===//

import GateReport
import GateSigning
import GateTestSupport
import GitStamp
import Testing

@testable import GateArchive

@Suite("verify's rules in the library")
struct BulkVerificationTests {
    @Test("a folder with no archived report and a file that is not an envelope never pass")
    func emptyAndUnverified() throws {
        try ScratchFolder.with("bulk-verify") { scratch in
            try scratch.write("nothing to verify", to: "empty/notes.txt")
            try scratch.write("{}", to: "stray.json")
            let key = try SigningKey.generate()
            let bulk = BulkVerification.verify(
                paths: [scratch.file("empty"), scratch.file("stray.json")], publicKey: key.publicKey, requirements: VerifyRequirements())
            #expect(bulk.emptyPaths == [scratch.file("empty")])
            #expect(bulk.lines.count == 1)
            guard case .unverified(let shown, let reason)? = bulk.lines.first else {
                Issue.record("the stray file verified: \(bulk.lines)")
                return
            }
            #expect(shown == scratch.file("stray.json") && !reason.isEmpty)
            #expect(bulk.verified == 0 && bulk.counts.isEmpty && !bulk.passed)
        }
    }

    @Test("it passes only when every report verified and met every requirement, and there was one")
    func passes() {
        let accepted = VerifiedReport(verdict: .accepted, commit: "a1")
        let rejected = VerifiedReport(verdict: .rejected, commit: "b2")
        let both = BulkVerification(
            lines: [.verified(shown: "x", report: accepted, unmet: []), .verified(shown: "y", report: rejected, unmet: [])],
            emptyPaths: [])
        #expect(both.passed && both.verified == 2 && both.counts == [.accepted: 1, .rejected: 1])
        let unmet = BulkVerification(lines: [.verified(shown: "x", report: accepted, unmet: [.warned(count: 1)])], emptyPaths: [])
        #expect(!unmet.passed && unmet.verified == 1)
        let oneUnverified = BulkVerification(
            lines: [.verified(shown: "x", report: accepted, unmet: []), .unverified(shown: "y", reason: "bad signature")],
            emptyPaths: [])
        #expect(!oneUnverified.passed)
        #expect(!BulkVerification(lines: [.verified(shown: "x", report: accepted, unmet: [])], emptyPaths: ["z"]).passed)
        #expect(!BulkVerification(lines: [], emptyPaths: []).passed)
    }

    @Test("sign judges a report before signing by the rules verify judges it by after")
    func signsRules() {
        // What FolderSigning asks: the commit (clean) and, with --require-isolation, separated suites.
        let requirements = VerifyRequirements(commit: String(repeating: "b", count: 40), isolation: true)
        var report = GateReport(
            gateVersion: "0", verdict: .accepted,
            commit: CommitStamp(
                id: String(repeating: "a", count: 40), branch: "main", detached: false, dirty: false, changedPaths: [], shallow: false,
                workTree: nil, ciCommit: nil))
        #expect(
            requirements.unmet(by: VerifiedReport(report, commit: report.commit?.id ?? ""))
                == [.notIsolated(nil), .otherCommit(signed: String(repeating: "a", count: 40), wanted: String(repeating: "b", count: 40))])
        report.commit?.id = String(repeating: "b", count: 40)
        report.commit?.dirty = true
        #expect(
            requirements.unmet(by: VerifiedReport(report, commit: report.commit?.id ?? ""))
                == [.notIsolated(nil), .dirtyTree(commit: String(repeating: "b", count: 40))])
    }
}

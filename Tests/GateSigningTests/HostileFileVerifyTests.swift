//===----------------------------------------------------------------------===//
// HostileFileVerifyTests.swift: FIFOs, devices and links in place of the files verify reads.
//===----------------------------------------------------------------------===//

import Foundation
import GateDigest
import GateSigning
import GateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("verify on files that are not what they seem")
struct HostileFileVerifyTests {
    /// The verifier's problems for the fixture, within a second; `nil` if it did not answer
    /// (then the FIFO at `fifo`, if any, is opened from the other side so nothing stays blocked).
    private func problemsWithinASecond(
        _ fixture: SignedReportFixture, envelope: String? = nil, fifo: String? = nil
    ) -> [VerificationProblem]? {
        let path = envelope ?? fixture.envelopePath
        let folder = fixture.folder.path
        let publicKey = fixture.key.publicKey
        return withinDeadline(1, unblock: { fifo.map(releaseFIFO) }) { () -> [VerificationProblem] in
            do throws(SigningError) {
                _ = try EnvelopeVerifier.verify(envelopeAt: path, publicKey: publicKey, directory: folder)
                return []
            } catch {
                if case .verificationFailed(let problems) = error { return problems }
                return [.notAnEnvelope(reason: "unexpected \(error)")]
            }
        }
    }

    @Test("an envelope that is a FIFO is refused within a second, never waited on")
    func envelopeFIFO() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        try FileManager.default.removeItem(atPath: fixture.envelopePath)
        #expect(mkfifo(fixture.envelopePath, 0o600) == 0)
        let problems = problemsWithinASecond(fixture, fifo: fixture.envelopePath)
        #expect(problems == [.unreadable(path: fixture.envelopePath, reason: "it is a FIFO (named pipe), not a regular file")])
    }

    @Test("/dev/zero as the envelope is refused within a second as a character device")
    func envelopeDevZero() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let problems = problemsWithinASecond(fixture, envelope: "/dev/zero")
        #expect(problems == [.unreadable(path: "/dev/zero", reason: "it is a character device, not a regular file")])
    }

    @Test("a report.json that is a FIFO, or a link (even to an identical copy), is refused within a second")
    func reportFIFOAndLink() throws {
        let fixture = try SignedReportFixture()
        defer { fixture.folder.remove() }
        let report = fixture.folder.file("report.json")
        // The copy is outside the report's folder, so only the link could bring it in.
        let elsewhere = try ScratchFolder("report-copy")
        defer { elsewhere.remove() }
        let copy = elsewhere.file("report.json")
        try FileManager.default.copyItem(atPath: report, toPath: copy)

        try FileManager.default.removeItem(atPath: report)
        #expect(symlink(copy, report) == 0)
        #expect(problemsWithinASecond(fixture) == [.unreadable(path: report, reason: "it is a symbolic link, which is never followed")])

        try FileManager.default.removeItem(atPath: report)
        #expect(mkfifo(report, 0o600) == 0)
        #expect(
            problemsWithinASecond(fixture, fifo: report) == [
                .unreadable(path: report, reason: "it is a FIFO (named pipe), not a regular file")
            ])
    }

    @Test("a listed log that is a FIFO, a device link, or a link out of the folder is refused within a second; the others still count")
    func logs() throws {
        let elsewhere = try ScratchFolder("outside")
        defer { elsewhere.remove() }
        let outside = elsewhere.path
        // "shadow" stands in for /etc/shadow: a file outside the folder whose digest the report records.
        let shadow = "root:$6$fake-hash-for-the-test:19000:0:99999:7:::\n"
        try Data(shadow.utf8).write(to: URL(fileURLWithPath: outside + "/shadow"))

        let fixture = try SignedReportFixture(logs: [
            ("logs/fixture.log", "READY\n"), ("logs/shadow.log", shadow), ("logs/pipe.log", ""), ("logs/zero.log", ""),
            ("linked/shadow", shadow),
        ])
        defer { fixture.folder.remove() }
        let folder = fixture.folder
        for name in ["logs/shadow.log", "logs/pipe.log", "logs/zero.log"] { try FileManager.default.removeItem(atPath: folder.file(name)) }
        try FileManager.default.removeItem(atPath: folder.file("linked"))
        #expect(symlink(outside + "/shadow", folder.file("logs/shadow.log")) == 0)
        #expect(mkfifo(folder.file("logs/pipe.log"), 0o600) == 0)
        #expect(symlink("/dev/zero", folder.file("logs/zero.log")) == 0)
        #expect(symlink(outside, folder.file("linked")) == 0)

        let problems = try #require(problemsWithinASecond(fixture, fifo: folder.file("logs/pipe.log")))
        let realOutside = try #require(
            realpath(outside, nil).map { pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            })
        #expect(
            problems == [
                .unreadable(path: folder.file("logs/shadow.log"), reason: "it is a symbolic link, which is never followed"),
                .unreadable(path: folder.file("logs/pipe.log"), reason: "it is a FIFO (named pipe), not a regular file"),
                .unreadable(path: folder.file("logs/zero.log"), reason: "it is a symbolic link, which is never followed"),
                .unreadable(
                    path: folder.file("linked/shadow"),
                    reason: "its real location '\(realOutside)/shadow' is outside '\(folder.path)'"),
            ])
    }

    @Test("a key or public key file that is a FIFO is refused within a second; a link the user made to a key is followed")
    func keys() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let key = try SigningKey.generate()
        let fifo = folder.file("key.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let privateOutcome = withinDeadline(1, unblock: { releaseFIFO(fifo) }) { () -> String in
            do throws(SigningError) {
                _ = try SigningKey.load(pemFile: fifo)
                return "loaded"
            } catch {
                return error.description
            }
        }
        #expect(privateOutcome?.hasPrefix("cannot read key file '\(fifo)': it is a FIFO (named pipe), not a regular file") == true)
        let publicOutcome = withinDeadline(1, unblock: { releaseFIFO(fifo) }) { () -> String in
            do throws(SigningError) {
                _ = try PublicKey.load(pemFile: fifo)
                return "loaded"
            } catch {
                return error.description
            }
        }
        #expect(publicOutcome?.hasPrefix("cannot read key file '\(fifo)': it is a FIFO") == true)
        #expect(throws: SigningError.self) { try PublicKey.load(pemFile: "/dev/zero") }

        // A Kubernetes-style secret volume: key -> ..data/key.
        try folder.write(key.publicKey.pem, to: "..data/signer.pub", mode: 0o644)
        #expect(symlink("..data/signer.pub", folder.file("signer.pub")) == 0)
        #expect(try PublicKey.load(pemFile: folder.file("signer.pub")) == key.publicKey)
    }
}

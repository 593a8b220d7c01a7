//===----------------------------------------------------------------------===//
// OpenSSLInteropTests.swift: keys and signatures cross-checked with the real `openssl` binary.
//===----------------------------------------------------------------------===//

import Foundation
import GateSigning
import GateTestSupport
import Testing

@Suite("openssl interoperability")
struct OpenSSLInteropTests {
    @Test("a key from 'openssl genpkey -algorithm ed25519' loads, signs, and matches openssl's public key")
    func opensslKeyLoads() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try OpenSSL.require(["genpkey", "-algorithm", "ed25519", "-out", "ossl.key"], in: folder.path)
        try OpenSSL.require(["pkey", "-in", "ossl.key", "-pubout", "-out", "ossl.pub"], in: folder.path)
        #expect(chmod(folder.file("ossl.key"), 0o600) == 0)
        let key = try SigningKey.load(pemFile: folder.file("ossl.key"))
        let publicKey = try PublicKey.load(pemFile: folder.file("ossl.pub"))
        #expect(key.publicKey == publicKey)
        // Our PEM of openssl's key is the same text openssl wrote.
        #expect(key.privateKeyPEM == String(decoding: try folder.read("ossl.key"), as: UTF8.self))
        #expect(publicKey.pem == String(decoding: try folder.read("ossl.pub"), as: UTF8.self))
        let message = Array("signed by openssl's key".utf8)
        #expect(publicKey.isValidSignature(key.sign(message), of: message))
    }

    @Test("openssl reads our keys and verifies our DSSE signature over the PAE")
    func opensslVerifiesOurEnvelope() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let key = try SigningKey.generate()
        _ = try key.writePEMFiles(prefix: folder.file("ours"))
        // openssl derives the same public key from our private key file.
        let derived = try OpenSSL.require(["pkey", "-in", "ours.key", "-pubout"], in: folder.path)
        #expect(derived.stdoutText == key.publicKey.pem)
        let text = try OpenSSL.require(["pkey", "-pubin", "-in", "ours.pub", "-text", "-noout"], in: folder.path)
        #expect(text.stdoutText.contains("ED25519 Public-Key"))

        let statement = InTotoStatement(
            subjects: [.gitCommit(name: "repo", id: String(repeating: "ab", count: 20))],
            result: .passed, passedTests: ["A.test"], failedTests: [],
            configuration: [.sha256(name: "acceptance-gate.json", hex: String(repeating: "0", count: 64))])
        let envelope = DSSEEnvelope.sign(
            payload: statement.jsonBytes, payloadType: DSSEEnvelope.inTotoPayloadType, key: key)
        let signature = try #require(envelope.signatures.first).signature
        try folder.write(envelope.pae, to: "pae.bin")
        try folder.write(signature, to: "sig.bin")
        let verified = try OpenSSL.run(
            ["pkeyutl", "-verify", "-pubin", "-inkey", "ours.pub", "-rawin", "-in", "pae.bin", "-sigfile", "sig.bin"],
            in: folder.path)
        #expect(verified.status.isSuccess, "\(verified.stdoutText) \(verified.stderrText)")
        #expect(verified.stdoutText.contains("Signature Verified Successfully"))

        // And openssl rejects it once one payload byte changes.
        var tampered = envelope.pae
        tampered[tampered.count - 2] ^= 0x01
        try folder.write(tampered, to: "tampered.bin")
        let rejected = try OpenSSL.run(
            ["pkeyutl", "-verify", "-pubin", "-inkey", "ours.pub", "-rawin", "-in", "tampered.bin", "-sigfile", "sig.bin"],
            in: folder.path)
        #expect(!rejected.status.isSuccess)
    }

    @Test("openssl's signature of a PAE verifies with our PublicKey")
    func opensslSignatureVerifies() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try OpenSSL.require(["genpkey", "-algorithm", "ed25519", "-out", "k.key"], in: folder.path)
        try OpenSSL.require(["pkey", "-in", "k.key", "-pubout", "-out", "k.pub"], in: folder.path)
        let pae = DSSEEnvelope.pae(payloadType: DSSEEnvelope.inTotoPayloadType, payload: Array("{}".utf8))
        try folder.write(pae, to: "pae.bin")
        try OpenSSL.require(
            ["pkeyutl", "-sign", "-inkey", "k.key", "-rawin", "-in", "pae.bin", "-out", "sig.bin"], in: folder.path)
        let publicKey = try PublicKey.load(pemFile: folder.file("k.pub"))
        #expect(publicKey.isValidSignature(try folder.read("sig.bin"), of: pae))
    }

    @Test("openssl rejects garbage our parser also rejects: an RSA key is named as such")
    func rsaKey() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try OpenSSL.require(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "ec.key"], in: folder.path)
        try OpenSSL.require(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", "rsa.key"], in: folder.path)
        for (name, kind) in [("ec.key", "an EC (ECDSA) key"), ("rsa.key", "an RSA key")] {
            #expect(chmod(folder.file(name), 0o600) == 0)
            #expect {
                try SigningKey.load(pemFile: folder.file(name))
            } throws: { error in
                "\(error)".contains("is not an Ed25519 private key (PKCS#8): it is \(kind), not Ed25519")
            }
        }
    }

    @Test("LibreSSL (macOS's /usr/bin/openssl) is reported as the reason, not passed over")
    func libreSSLIsNamed() throws {
        let problem = try #require(OpenSSL.versionProblem("LibreSSL 3.3.6"))
        #expect(problem.contains("'LibreSSL 3.3.6'"))
        #expect(problem.contains("brew install openssl@3"))
        #expect(OpenSSL.versionProblem("OpenSSL 3.0.15 3 Sep 2024 (Library: OpenSSL 3.0.15 3 Sep 2024)") == nil)
        #expect(OpenSSL.versionProblem("OpenSSL 1.1.1w  11 Sep 2023") != nil)
    }
}

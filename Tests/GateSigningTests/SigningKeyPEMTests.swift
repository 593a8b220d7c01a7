//===----------------------------------------------------------------------===//
// SigningKeyPEMTests.swift: loading keys from untrusted PEM, file modes, writing key files.
//===----------------------------------------------------------------------===//

import Foundation
import GateSigning
import GateTestSupport
import Testing

@Suite("SigningKey and PublicKey PEM")
struct SigningKeyPEMTests {
    /// RFC 8032 TEST 1 as PKCS#8 PEM, encoded by hand from the 48-byte DER
    /// `302e020100300506032b657004220420` + seed (the same text `openssl pkey` prints for it).
    static let test1PEM = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g
        -----END PRIVATE KEY-----

        """

    @Test("a hand-encoded PKCS#8 key loads and writes back byte for byte")
    func roundTrip() throws {
        let key = try SigningKey.load(pem: Self.test1PEM, source: "test1.key")
        #expect(hexString(key.publicKey.raw) == "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        #expect(key.privateKeyPEM == Self.test1PEM)
        #expect(
            key.publicKey.pem
                == "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n-----END PUBLIC KEY-----\n")
        let reloaded = try PublicKey.load(pem: key.publicKey.pem, source: "test1.pub")
        #expect(reloaded.raw == key.publicKey.raw)
    }

    @Test("CRLF line endings, surrounding text and indentation are accepted")
    func lenientLayout() throws {
        let text = "comment line\r\n  " + Self.test1PEM.replacingOccurrences(of: "\n", with: "\r\n") + "trailing\r\n"
        let key = try SigningKey.load(pem: text, source: "crlf.key")
        #expect(hexString(key.publicKey.raw).hasPrefix("d75a9801"))
    }

    /// A PEM block with `label` around `der`.
    private func pem(_ label: String, _ der: [UInt8]) -> String {
        "-----BEGIN \(label)-----\n" + Data(der).base64EncodedString(options: .lineLength64Characters) + "\n-----END \(label)-----\n"
    }

    private static let seed = hexBytes("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    private static let prefix = hexBytes("302e020100300506032b657004220420")

    @Test("garbage private keys are refused with a reason naming the source")
    func garbagePrivateKeys() throws {
        let cases: [(String, String)] = [
            ("", "no '-----BEGIN ...-----' line"),
            ("\u{0}\u{1}\u{2}binary", "no '-----BEGIN ...-----' line"),
            ("-----BEGIN PRIVATE KEY-----\nMC4CAQAw\n", "no '-----END PRIVATE KEY-----' line"),
            ("-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n", "not base64"),
            ("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2Vw\n-----END PRIVATE KEY-----\n", "truncated"),
            (pem("PRIVATE KEY", []), "ends where the PrivateKeyInfo SEQUENCE was expected"),
            (pem("PRIVATE KEY", [0x30, 0x80, 0x00, 0x00]), "unsupported DER length"),
            (pem("PRIVATE KEY", [0x30, 0xFF]), "unsupported DER length"),
            (pem("PRIVATE KEY", [0x30, 0x81, 0x02, 0x02, 0x00]), "non-minimal DER length"),
            (pem("PRIVATE KEY", Self.prefix + Self.seed.dropLast()), "truncated"),
            (pem("PRIVATE KEY", Self.prefix + Self.seed + [0]), "there are bytes after the key"),
            // Lengths adjusted to a 31-byte seed.
            (
                pem("PRIVATE KEY", hexBytes("302d020100300506032b65700421041f") + Self.seed.dropLast()),
                "the seed is 31 bytes, expected 32"
            ),
            // X25519's OID (1.3.101.110) in an otherwise valid key.
            (pem("PRIVATE KEY", hexBytes("302e020100300506032b656e04220420") + Self.seed), "X25519"),
            (pem("PRIVATE KEY", hexBytes("302e020102300506032b657004220420") + Self.seed), "unsupported PKCS#8 version"),
            (pem("RSA PRIVATE KEY", [0x30, 0x00]), "RSA key"),
            (pem("EC PRIVATE KEY", [0x30, 0x00]), "EC (ECDSA) key"),
            (pem("ENCRYPTED PRIVATE KEY", [0x30, 0x00]), "it is encrypted"),
            (pem("OPENSSH PRIVATE KEY", [0x30, 0x00]), "OpenSSH"),
            (pem("PUBLIC KEY", hexBytes("302a300506032b6570032100") + Self.seed), "it is a public key"),
            ("-----BEGIN PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\n\nMC4=\n-----END PRIVATE KEY-----\n", "headers"),
        ]
        for (text, reason) in cases {
            do {
                _ = try SigningKey.load(pem: text, source: "gate.key")
                Issue.record("accepted: \(text.debugDescription)")
            } catch {
                #expect(error.description.hasPrefix("'gate.key' is not an Ed25519 private key (PKCS#8): "), "\(error)")
                #expect(error.description.contains(reason), "\(error) should say \(reason)")
            }
        }
    }

    @Test("PKCS#8 v2 with a matching embedded public key loads; a mismatching one is refused")
    func version2() throws {
        let publicKey = hexBytes("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
        // SEQUENCE { INTEGER 1, AlgorithmIdentifier, OCTET STRING { OCTET STRING seed }, [1] 00 || public key }
        let body = hexBytes("020101300506032b657004220420") + Self.seed + [0x81, 0x21, 0x00]
        let good = try SigningKey.load(pem: pem("PRIVATE KEY", [0x30, UInt8(body.count + 32)] + body + publicKey), source: "v2.key")
        #expect(good.publicKey.raw == publicKey)
        var wrong = publicKey
        wrong[0] ^= 1
        #expect(throws: SigningError.self) {
            try SigningKey.load(pem: pem("PRIVATE KEY", [0x30, UInt8(body.count + 32)] + body + wrong), source: "v2.key")
        }
    }

    @Test("garbage public keys are refused with a reason")
    func garbagePublicKeys() throws {
        let cases: [(String, String)] = [
            ("nothing here", "no '-----BEGIN"),
            (pem("PUBLIC KEY", hexBytes("302a300506032b6570032100") + Self.seed.dropLast()), "truncated"),
            (pem("PUBLIC KEY", hexBytes("3029300506032b6570032000") + Self.seed.dropLast()), "the key is 31 bytes"),
            (pem("PUBLIC KEY", hexBytes("302a300506032b6570032101") + Self.seed), "unused bits"),
            (pem("PUBLIC KEY", hexBytes("302a300506032b6571032100") + Self.seed), "Ed448"),
            (pem("PUBLIC KEY", hexBytes("302c300706032b65700500032100") + Self.seed), "parameters"),
            (Self.test1PEM, "it is a private key"),
        ]
        for (text, reason) in cases {
            do {
                _ = try PublicKey.load(pem: text, source: "gate.pub")
                Issue.record("accepted: \(text.debugDescription)")
            } catch {
                #expect(error.description.hasPrefix("'gate.pub' is not an Ed25519 public key"), "\(error)")
                #expect(error.description.contains(reason), "\(error) should say \(reason)")
            }
        }
    }

    @Test("seeded random garbage never traps and is always refused")
    func fuzz() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let valid = Self.prefix + Self.seed
        for round in 0..<2_000 {
            var der = valid
            // Mutate one to three bytes, sometimes truncate.
            for _ in 0...(next() % 3) {
                der[Int(next() % UInt64(der.count))] = UInt8(truncatingIfNeeded: next())
            }
            if round % 5 == 0 { der = Array(der.prefix(Int(next() % UInt64(der.count)))) }
            let text = pem("PRIVATE KEY", der)
            if der == valid { continue }
            if let key = try? SigningKey.load(pem: text, source: "fuzz.key") {
                // Only a changed seed byte can still be a valid key.
                #expect(Array(der.prefix(16)) == Self.prefix && der.count == 48, "accepted \(hexString(der)) as \(key.publicKey.keyID)")
            }
            _ = try? PublicKey.load(pem: pem("PUBLIC KEY", der), source: "fuzz.pub")
        }
    }

    @Test("a key file readable by others is refused; 0600 and 0400 load")
    func fileModes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try folder.write(Self.test1PEM, to: "open.key", mode: 0o644)
        #expect(throws: SigningError.keyFileTooOpen(path: folder.file("open.key"), mode: 0o644)) {
            try SigningKey.load(pemFile: folder.file("open.key"))
        }
        let message = SigningError.keyFileTooOpen(path: "gate.key", mode: 0o644).description
        #expect(message == "'gate.key' is readable by other users (mode 0644); run 'chmod 600 gate.key'")
        try folder.write(Self.test1PEM, to: "group.key", mode: 0o640)
        #expect(throws: SigningError.self) { try SigningKey.load(pemFile: folder.file("group.key")) }
        try folder.write(Self.test1PEM, to: "mine.key", mode: 0o600)
        #expect(try SigningKey.load(pemFile: folder.file("mine.key")).publicKey.keyID.count == 64)
        try folder.write(Self.test1PEM, to: "readonly.key", mode: 0o400)
        #expect(try SigningKey.load(pemFile: folder.file("readonly.key")).publicKey.keyID.count == 64)
        #expect(throws: SigningError.self) { try SigningKey.load(pemFile: folder.file("missing.key")) }
        #expect(throws: SigningError.self) { try SigningKey.load(pemFile: folder.path) }
    }

    @Test("the key can come from an environment variable")
    func environment() throws {
        let variable = SigningKey.defaultEnvironmentVariable
        #expect(variable == "ACCEPTANCE_GATE_SIGNING_KEY")
        #expect(try SigningKey.load(environmentVariable: variable, environment: [:]) == nil)
        #expect(try SigningKey.load(environmentVariable: variable, environment: [variable: ""]) == nil)
        let key = try #require(try SigningKey.load(environmentVariable: variable, environment: [variable: Self.test1PEM]))
        #expect(hexString(key.publicKey.raw).hasPrefix("d75a9801"))
        #expect(throws: SigningError.notAPrivateKey(source: "$" + variable, reason: "no '-----BEGIN ...-----' line (not PEM text)")) {
            try SigningKey.load(environmentVariable: variable, environment: [variable: "oops"])
        }
    }

    @Test("writePEMFiles: 0600 key, public key, no overwrite, nothing left behind")
    func writeFiles() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let key = try SigningKey.generate()
        let paths = try key.writePEMFiles(prefix: folder.file("gate"))
        #expect(paths.privateKeyPath == folder.file("gate.key"))
        #expect(paths.publicKeyPath == folder.file("gate.pub"))
        #expect(folder.mode("gate.key") == 0o600)
        #expect(try SigningKey.load(pemFile: paths.privateKeyPath).publicKey == key.publicKey)
        #expect(try PublicKey.load(pemFile: paths.publicKeyPath) == key.publicKey)
        let before = try folder.read("gate.key")
        let other = try SigningKey.generate()
        #expect(throws: SigningError.refusingToOverwrite(path: folder.file("gate.key"))) {
            try other.writePEMFiles(prefix: folder.file("gate"))
        }
        #expect(try folder.read("gate.key") == before)
        // Only the .pub exists: still refused, and no .key is created.
        try folder.write("x", to: "second.pub", mode: 0o644)
        #expect(throws: SigningError.refusingToOverwrite(path: folder.file("second.pub"))) {
            try other.writePEMFiles(prefix: folder.file("second"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("second.key")))
        #expect(throws: SigningError.self) { try other.writePEMFiles(prefix: folder.file("missing/dir/gate")) }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["gate.key", "gate.pub", "second.pub"])
    }
}

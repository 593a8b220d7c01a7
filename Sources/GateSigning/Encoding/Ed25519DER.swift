//===----------------------------------------------------------------------===//
// Ed25519DER.swift: Ed25519 keys in PKCS#8 and SubjectPublicKeyInfo (RFC 8410).
//===----------------------------------------------------------------------===//

/// Ed25519 keys as DER (RFC 8410): PKCS#8 `PrivateKeyInfo` / `OneAsymmetricKey` for the 32-byte
/// seed, `SubjectPublicKeyInfo` for the 32-byte public key; the forms `openssl genpkey -algorithm
/// ed25519` and `openssl pkey -pubout` write.
enum Ed25519DER {
    /// The DER of a version-0 PKCS#8 Ed25519 key, up to the 32 seed bytes (48 bytes in all).
    static let privateKeyPrefix: [UInt8] = [
        0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
    ]

    /// The DER of an Ed25519 SubjectPublicKeyInfo, up to the 32 key bytes (44 bytes in all).
    static let publicKeyPrefix: [UInt8] = [
        0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00,
    ]

    /// The contents of the id-Ed25519 object identifier, 1.3.101.112.
    private static let ed25519OID: [UInt8] = [0x2B, 0x65, 0x70]

    /// PKCS#8 DER for a 32-byte seed.
    static func privateKeyDER(seed: [UInt8]) -> [UInt8] {
        privateKeyPrefix + seed
    }

    /// SubjectPublicKeyInfo DER for a 32-byte public key.
    static func publicKeyDER(raw: [UInt8]) -> [UInt8] {
        publicKeyPrefix + raw
    }

    /// The seed and, when the key carries one (PKCS#8 v2), the public key from PKCS#8 DER.
    ///
    /// - Throws: ``ParseFailure`` naming what is wrong: the structure, another algorithm, lengths.
    static func parsePrivateKey(_ der: [UInt8]) throws(ParseFailure) -> (seed: [UInt8], publicKey: [UInt8]?) {
        var outer = DERReader(der)
        var info = try outer.read(tag: 0x30, "the PrivateKeyInfo SEQUENCE")
        guard outer.isAtEnd else { throw ParseFailure("there are bytes after the key") }
        let version = try info.read(tag: 0x02, "the version INTEGER").remaining
        guard version == [0] || version == [1] else { throw ParseFailure("unsupported PKCS#8 version") }
        try readAlgorithm(&info)
        var wrapped = try info.read(tag: 0x04, "the privateKey OCTET STRING")
        let seedReader = try wrapped.read(tag: 0x04, "the CurvePrivateKey OCTET STRING")
        guard wrapped.isAtEnd else { throw ParseFailure("there are bytes after the seed") }
        let seed = seedReader.remaining
        guard seed.count == 32 else { throw ParseFailure("the seed is \(seed.count) bytes, expected 32") }
        if info.nextTag == 0xA0 {
            _ = try info.read(tag: 0xA0, "the attributes")
        }
        var publicKey: [UInt8]?
        if info.nextTag == 0x81 {
            let bits = try info.read(tag: 0x81, "the publicKey BIT STRING").remaining
            guard bits.count == 33, bits.first == 0 else { throw ParseFailure("the embedded public key is not 32 bytes") }
            publicKey = Array(bits.dropFirst())
        }
        guard info.isAtEnd else { throw ParseFailure("there are unexpected fields after the key") }
        return (seed, publicKey)
    }

    /// The 32-byte public key from SubjectPublicKeyInfo DER.
    ///
    /// - Throws: ``ParseFailure`` naming what is wrong.
    static func parsePublicKey(_ der: [UInt8]) throws(ParseFailure) -> [UInt8] {
        var outer = DERReader(der)
        var info = try outer.read(tag: 0x30, "the SubjectPublicKeyInfo SEQUENCE")
        guard outer.isAtEnd else { throw ParseFailure("there are bytes after the key") }
        try readAlgorithm(&info)
        let bits = try info.read(tag: 0x03, "the subjectPublicKey BIT STRING").remaining
        guard info.isAtEnd else { throw ParseFailure("there are unexpected fields after the key") }
        guard bits.first == 0 else { throw ParseFailure("the BIT STRING has unused bits") }
        let raw = Array(bits.dropFirst())
        guard raw.count == 32 else { throw ParseFailure("the key is \(raw.count) bytes, expected 32") }
        return raw
    }

    /// Reads the AlgorithmIdentifier and requires id-Ed25519 without parameters.
    private static func readAlgorithm(_ reader: inout DERReader) throws(ParseFailure) {
        var algorithm = try reader.read(tag: 0x30, "the AlgorithmIdentifier SEQUENCE")
        let oid = try algorithm.read(tag: 0x06, "the algorithm OBJECT IDENTIFIER").remaining
        guard oid == ed25519OID else { throw ParseFailure("it is \(algorithmName(oid)), not Ed25519") }
        guard algorithm.isAtEnd else { throw ParseFailure("the Ed25519 algorithm has parameters (RFC 8410 forbids them)") }
    }

    /// A readable name for the key algorithms people are likely to pass by mistake.
    private static func algorithmName(_ oid: [UInt8]) -> String {
        switch oid {
        case [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]: "an RSA key"
        case [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0A]: "an RSA-PSS key"
        case [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]: "an EC (ECDSA) key"
        case [0x2A, 0x86, 0x48, 0xCE, 0x38, 0x04, 0x01]: "a DSA key"
        case [0x2B, 0x65, 0x6E]: "an X25519 key (key agreement, not signing)"
        case [0x2B, 0x65, 0x6F]: "an X448 key"
        case [0x2B, 0x65, 0x71]: "an Ed448 key"
        default: "an unknown algorithm (OID bytes \(oid.map { String($0, radix: 16) }.joined(separator: " ")))"
        }
    }
}

import GateDigest
import Testing

/// RFC 4231's test cases 1, 2, 4 and 6 (the last with a key longer than the block).
@Suite struct HMACSHA256Tests {
    @Test func matchesRFC4231() {
        #expect(
            HMACSHA256.authenticationCode(for: Array("Hi There".utf8), key: [UInt8](repeating: 0x0b, count: 20)).hex
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(
            HMACSHA256.authenticationCode(for: Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8)).hex
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(
            HMACSHA256.authenticationCode(
                for: [UInt8](repeating: 0xcd, count: 50), key: (1...25).map { UInt8($0) }
            ).hex == "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b")
        #expect(
            HMACSHA256.authenticationCode(
                for: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                key: [UInt8](repeating: 0xaa, count: 131)
            ).hex == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func incrementalEqualsOneShotAndKeysMatter() {
        var authenticator = HMACSHA256(key: Array("key".utf8))
        authenticator.update(Array("rule".utf8))
        authenticator.update([0])
        authenticator.update(Array("secret".utf8))
        let whole = HMACSHA256.authenticationCode(for: Array("rule".utf8) + [0] + Array("secret".utf8), key: Array("key".utf8))
        #expect(authenticator.finalize() == whole)
        #expect(whole != HMACSHA256.authenticationCode(for: Array("rule".utf8) + [0] + Array("secret".utf8), key: Array("kez".utf8)))
    }
}

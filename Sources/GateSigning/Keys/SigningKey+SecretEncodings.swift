//===----------------------------------------------------------------------===//
// SigningKey+SecretEncodings.swift: the texts that give the key away, for the gate to withhold.
//===----------------------------------------------------------------------===//

import GateCore

extension SigningKey {
    /// The texts that hold this key's secret, as code under test could print them: the PKCS#8 PEM
    /// (its base64 body is the DER with the seed), the seed in hex, and the seed in base64 (standard
    /// and URL-safe, without padding). The gate withholds any 16 characters of them in every output.
    ///
    /// Each string holds the secret: keep them in memory only.
    package var secretEncodings: [String] {
        withSeed { seed in
            let hex = HexCodec.encode(seed)
            let base64 = Base64.encode(seed, urlSafe: false, padded: false)
            let urlSafe = Base64.encode(seed, urlSafe: true, padded: false)
            return [privateKeyPEM, hex, hex.uppercased(), base64, urlSafe]
        }
    }
}

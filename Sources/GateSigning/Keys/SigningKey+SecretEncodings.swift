//===----------------------------------------------------------------------===//
// SigningKey+SecretEncodings.swift: the texts that give the key away, for the gate to withhold.
//===----------------------------------------------------------------------===//

import Foundation

extension SigningKey {
    /// The texts that hold this key's secret, as code under test could print them: the PKCS#8 PEM
    /// (its base64 body is the DER with the seed), the seed in hex, and the seed in base64 (standard
    /// and URL-safe, without padding). The gate withholds any 16 characters of them in every output.
    ///
    /// Each string holds the secret: keep them in memory only.
    package var secretEncodings: [String] {
        withSeed { seed in
            let hex = seed.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
            let base64 = Data(seed).base64EncodedString().replacingOccurrences(of: "=", with: "")
            let urlSafe = base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            return [privateKeyPEM, hex, hex.uppercased(), base64, urlSafe]
        }
    }
}

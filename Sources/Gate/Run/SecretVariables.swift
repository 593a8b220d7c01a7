//===----------------------------------------------------------------------===//
// SecretVariables.swift: every environment variable that holds a secret of the run.
//===----------------------------------------------------------------------===//

import Foundation
import GateConfig
import GatePublishing
import GateSigning

/// The environment variables no child of a run may get and the gate scrubs from its own block:
/// the two documented ones (the signing key's and the fingerprint key's), and every other
/// variable, whatever its name, whose value holds part of the signing key (its PEM, the base64
/// body alone, the seed in hex or base64), as a CI secret copied into a second variable would.
package enum SecretVariables {
    /// The names in `environment` to withhold from every child, sorted.
    package static func names(plan: RunPlan, environment: [String: String]) -> [String] {
        let material = keyMaterial(plan: plan, environment: environment)
        var names = Set(RunPlan.secretVariables.filter { environment[$0] != nil })
        if !material.isEmpty {
            for (name, value) in environment where material.isHeld(by: value) {
                names.insert(name)
            }
        }
        return names.sorted()
    }

    /// The key material the run could hold: the documented variable's text and every encoding of
    /// the key it (or the key file) holds.
    static func keyMaterial(plan: RunPlan, environment: [String: String]) -> KeyMaterial {
        var texts = environment[ConfigSigning.keyVariable].map { [$0] } ?? []
        if let key = try? SigningKey.load(environmentVariable: ConfigSigning.keyVariable, environment: environment) {
            texts += key.secretEncodings
        }
        if let file = plan.configuration.signing.keyFile, FileManager.default.fileExists(atPath: file),
            let key = try? SigningKey.load(pemFile: file)
        {
            texts += key.secretEncodings
        }
        return KeyMaterial(texts)
    }
}

//===----------------------------------------------------------------------===//
// KeyStage.swift: the signing key, loaded before the suites spend their time.
//===----------------------------------------------------------------------===//

import Foundation
import GateConfig
import GatePublishing
import GateReport
import GateSigning

/// Loads the signing key from `$ACCEPTANCE_GATE_SIGNING_KEY` or the key file, so a missing or unusable key
/// fails before the suites run.
enum KeyStage {
    /// Loads the key of `context`'s run from the gate's own variables (never a child's, which lack
    /// it); `nil` with no problem when there is none and none is required.
    static func run(context: RunContext) -> StageResult<SigningKey?> {
        let signing = context.configuration.signing
        let key: SigningKey?
        do {
            if let fromEnvironment = try SigningKey.load(
                environmentVariable: ConfigSigning.keyVariable, environment: context.environment.variables)
            {
                key = fromEnvironment
            } else if let file = signing.keyFile, signing.keyFileIsExplicit || FileManager.default.fileExists(atPath: file) {
                key = try SigningKey.load(pemFile: file)
            } else {
                key = nil
            }
        } catch {
            return StageResult(
                nil, detail: error.description,
                problems: [ReportProblem(.signingKeyUnusable, subject: .key, "the signing key cannot be used: \(error.description)")])
        }
        guard let key else {
            guard signing.require else { return StageResult(nil, detail: "no signing key: the report will be unsigned") }
            let place = signing.keyFile.map { "'\($0)' or " } ?? ""
            return StageResult(
                nil, detail: "no signing key",
                problems: [
                    ReportProblem(
                        .signingKeyMissing, subject: .key,
                        "--require-signature is set but there is no signing key (looked in \(place)$\(ConfigSigning.keyVariable)); "
                            + "create one with 'acceptance-gate keygen --out gate'")
                ])
        }
        return StageResult(key, detail: "keyid \(key.publicKey.keyID.prefix(16))…")
    }
}

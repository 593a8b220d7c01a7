//===----------------------------------------------------------------------===//
// ConfigSigning.swift: the `signing` section of `acceptance-gate.json`.
//===----------------------------------------------------------------------===//

/// How the report is signed (`signing`).
package struct ConfigSigning: Equatable, Sendable {
    /// The private key file (default `gate.key`); `nil` after `"keyFile": null`.
    package var keyFile: String?
    /// Whether the configuration named ``keyFile``: a missing default key is not an error, a
    /// missing explicit one is.
    package var keyFileIsExplicit: Bool
    /// The one variable that may hold the key as PEM text: fixed, never named by the repository.
    package static let keyVariable = "ACCEPTANCE_GATE_SIGNING_KEY"
    /// Whether an unsigned report is a rejection.
    package var require: Bool

    /// Creates signing settings with the documented defaults.
    package init(
        keyFile: String? = "gate.key", keyFileIsExplicit: Bool = false, require: Bool = false
    ) {
        self.keyFile = keyFile
        self.keyFileIsExplicit = keyFileIsExplicit
        self.require = require
    }
}

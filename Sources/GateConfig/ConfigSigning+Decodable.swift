//===----------------------------------------------------------------------===//
// ConfigSigning+Decodable.swift: the `signing` section through the strict decoder.
//===----------------------------------------------------------------------===//

extension ConfigSigning: Decodable {
    /// The section's keys: exactly what it accepts.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case keyFile, require
    }

    /// Reads the section; what it leaves out keeps ``init(keyFile:keyFileIsExplicit:require:)``'s default.
    package init(from decoder: any Decoder) throws {
        // As for scan.fingerprintKeyEnv: the change must not choose which variable is the secret.
        let refused =
            "no longer configurable: the signing key comes only from --key FILE or $\(ConfigSigning.keyVariable), "
            + "never from a variable the repository names; remove this key (and sign in a separate job: "
            + "'acceptance-gate sign')"
        let container = try decoder.configSection(keyedBy: CodingKeys.self, refusing: ["keyEnv": refused])
        self.init()
        if container.contains(.keyFile) {
            // `"keyFile": null` signs with no file; a named file must exist.
            keyFileIsExplicit = try !container.decodeNil(forKey: .keyFile)
            keyFile = keyFileIsExplicit ? try container.text(.keyFile) : nil
        }
        require = try container.field(Bool.self, .require, expecting: "true or false") ?? require
    }
}

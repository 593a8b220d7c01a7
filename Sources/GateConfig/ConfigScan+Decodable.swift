//===----------------------------------------------------------------------===//
// ConfigScan+Decodable.swift: the `scan` section through the strict decoder.
//===----------------------------------------------------------------------===//

import TokenScan

extension ConfigScan: Decodable {
    /// The section's keys: exactly what it accepts.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case allow, paths
    }

    /// Reads the section; what it leaves out keeps ``init(allow:paths:)``'s default.
    package init(from decoder: any Decoder) throws {
        // The repository is part of the change: naming a variable here would let the change
        // choose which variable the gate keeps from the code under test.
        let refused =
            "no longer configurable: the fingerprint key comes only from $\(ScanConfiguration.fingerprintKeyVariable), "
            + "set by the CI, never named by the repository; remove this key"
        let container = try decoder.configSection(keyedBy: CodingKeys.self, refusing: ["fingerprintKeyEnv": refused])
        self.init()
        allow = try container.field([String].self, .allow, expecting: "an array of strings") ?? allow
        paths = try container.field([String].self, .paths, expecting: "an array of strings") ?? paths
    }
}

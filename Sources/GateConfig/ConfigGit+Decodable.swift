//===----------------------------------------------------------------------===//
// ConfigGit+Decodable.swift: the `git` section through the strict decoder.
//===----------------------------------------------------------------------===//

extension ConfigGit: Decodable {
    /// The section's keys: exactly what it accepts.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case requireClean
    }

    /// Reads the section; what it leaves out keeps ``init(requireClean:)``'s default.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.configSection(keyedBy: CodingKeys.self)
        self.init()
        requireClean = try container.field(Bool.self, .requireClean, expecting: "true or false") ?? requireClean
    }
}

//===----------------------------------------------------------------------===//
// ResourceDescriptor.swift: an in-toto ResourceDescriptor (name and digests).
//===----------------------------------------------------------------------===//

/// An in-toto v1 ResourceDescriptor with the fields the gate uses: a name and a digest set
/// (`{"sha256": hex}`, `{"gitCommit": hex}`). Other fields are ignored when read.
package struct ResourceDescriptor: Codable, Equatable, Sendable {
    /// The artifact's name, e.g. `report.json`.
    package var name: String?
    /// Algorithm → lowercase hex digest.
    package var digest: [String: String]
    /// Extra facts about the artifact (in-toto's `annotations`), e.g. a dirty work tree's state;
    /// omitted from the JSON when `nil`.
    package var annotations: [String: String]?

    /// Creates a descriptor.
    package init(name: String?, digest: [String: String], annotations: [String: String]? = nil) {
        self.name = name
        self.digest = digest
        self.annotations = annotations
    }

    /// A git commit: `{"name": name, "digest": {"gitCommit": id}}`.
    package static func gitCommit(name: String, id: String) -> ResourceDescriptor {
        ResourceDescriptor(name: name, digest: ["gitCommit": id.lowercased()])
    }

    /// A file by SHA-256: `{"name": name, "digest": {"sha256": hex}}`.
    package static func sha256(name: String, hex: String) -> ResourceDescriptor {
        ResourceDescriptor(name: name, digest: ["sha256": hex.lowercased()])
    }
}

//===----------------------------------------------------------------------===//
// LoadedConfiguration+SelfCheck.swift: telling a team's configuration from the gate's own self-check.
//===----------------------------------------------------------------------===//

import Foundation

extension LoadedConfiguration {
    /// Whether this is the embedded default, which is the gate's own self-check (it runs this
    /// package's `RedirectBoundaryTests`), rather than a team's `acceptance-gate.json`.
    package var isBuiltInSelfCheck: Bool { path == nil }

    /// How the run's first progress line names the configuration: the file as given, or
    /// `the built-in self-check (no acceptance-gate.json)`.
    package var displayName: String {
        isBuiltInSelfCheck ? "the built-in self-check (no \(GateConfiguration.fileName))" : source
    }

    /// What `run` prints first when it falls back to the self-check in a repository that is not
    /// the gate's own: that it does, and how to get a configuration for the project; `nil` for a
    /// configuration file, or in the gate's own repository.
    ///
    /// - Parameter repositoryRoot: the repository the run gates.
    package func selfCheckNotice(repositoryRoot: String) -> String? {
        guard isBuiltInSelfCheck, !Self.isGateRepository(repositoryRoot) else { return nil }
        return "no \(GateConfiguration.fileName) in \(repositoryRoot): using the built-in self-check, which runs "
            + "acceptance-gate's own tests, not this project's; run 'acceptance-gate init' to write a configuration for it"
    }

    /// Whether `root` is the gate's own repository: its `Package.swift` declares the package
    /// `acceptance-gate` and it holds the self-check's test target, `Tests/AcceptanceSuites`.
    ///
    /// - Parameter root: a repository root.
    package static func isGateRepository(_ root: String) -> Bool {
        let folder = root.hasSuffix("/") ? root : root + "/"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder + "Tests/AcceptanceSuites", isDirectory: &isDirectory),
            isDirectory.boolValue,
            let handle = FileHandle(forReadingAtPath: folder + "Package.swift")
        else { return false }
        defer { try? handle.close() }
        let manifest = String(decoding: (try? handle.read(upToCount: 1 << 16)) ?? Data(), as: UTF8.self)
        return manifest.contains("name: \"acceptance-gate\"")
    }
}

//===----------------------------------------------------------------------===//
// ConfigGit.swift: the `git` section of `acceptance-gate.json`.
//===----------------------------------------------------------------------===//

/// What the gate requires of the work tree (`git`).
package struct ConfigGit: Equatable, Sendable {
    /// Whether a dirty work tree is a rejection (default `false`).
    package var requireClean: Bool

    /// Creates git settings.
    package init(requireClean: Bool = false) {
        self.requireClean = requireClean
    }
}

//===----------------------------------------------------------------------===//
// ReportIsolationMechanism.swift: how the suites were kept apart from the gate.
//===----------------------------------------------------------------------===//

/// How the suites were kept apart from the gate, its files and its verdict.
package enum ReportIsolationMechanism: String, Codable, Equatable, Sendable, CaseIterable {
    /// Linux: each suite ran as another user, without capabilities or `no_new_privs` escape, in
    /// its own PID and mount namespaces, with the tree and the gate's files read-only or hidden.
    case namespaces
    /// Each suite ran as another user only (the kernel refused new namespaces, as docker's default
    /// seccomp profile does): file permissions keep it from the gate's files, but it shares the
    /// gate's process and mount namespaces.
    case user
    /// macOS: each suite ran as a dedicated user, confined by a `sandbox-exec` profile.
    case sandbox
    /// The suites ran as the gate's own user, as they would without the gate; ``ReportIsolation/reason`` says why.
    case none
}

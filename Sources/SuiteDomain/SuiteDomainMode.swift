//===----------------------------------------------------------------------===//
// SuiteDomainMode.swift: namespaces and another user, or another user only.
//===----------------------------------------------------------------------===//

/// How much of a domain the kernel gave.
package enum SuiteDomainMode: String, Equatable, Sendable {
    /// Another user in PID and mount namespaces of its own, the tree read-only, the gate's files hidden.
    case namespaces
    /// Another user only: the kernel refused new namespaces (docker's default seccomp profile does).
    case user
    /// macOS: a dedicated account (``DarwinSuiteUser``) under a `sandbox-exec` profile, entered
    /// through `sudo -n`; its processes are signalled through a ``SignalRelay``.
    case sandbox
}

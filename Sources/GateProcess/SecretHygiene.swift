//===----------------------------------------------------------------------===//
// SecretHygiene.swift: keeping the gate's own secrets out of reach of the processes it runs.
//===----------------------------------------------------------------------===//

internal import CProcessShims
import GateCore

/// Keeps the secrets the gate was handed (the signing key's variable) out of reach of the code it
/// runs, which shares its user: removing a variable from the children's environment is not enough,
/// because a child can read its parent's.
///
/// On Linux a process of the same user reads `/proc/<gate>/environ` (the environment block as it
/// was at exec, whatever `unsetenv` did since) and can attach with ptrace; on Darwin it reads the
/// same block with `sysctl(KERN_PROCARGS2)`. So the gate, once it has read its secrets, makes
/// itself non-dumpable where it can (``denyInspection()``) and overwrites each secret's bytes in
/// that block in place (``scrub(_:)``).
package enum SecretHygiene {
    /// Makes this process non-dumpable (Linux `PR_SET_DUMPABLE` 0: its `/proc` entries become
    /// root's and ptrace by the same user is refused) or refuses debuggers (Darwin
    /// `PT_DENY_ATTACH`; `KERN_PROCARGS2` still shows the environment block, which ``scrub(_:)``
    /// covers). Neither stops root.
    /// - Returns: true when the platform did it; false where it has no such switch (a portable
    ///   build), which ``scrub(_:)`` then has to cover alone.
    @discardableResult
    package static func denyInspection() -> Bool {
        cps_deny_inspection() == 0
    }

    /// Overwrites the value of each variable in `names` in this process's environment block, in
    /// place, then removes the variable.
    ///
    /// Why in place: the block another process reads is the memory `getenv` points into; `unsetenv`
    /// alone only drops the pointer from `environ`, leaving the bytes where they were.
    /// - Returns: the names that were set (and are now scrubbed).
    @discardableResult
    package static func scrub(_ names: [String]) -> [String] {
        var scrubbed: [String] = []
        for name in names where !name.isEmpty {
            guard let value = getenv(name) else { continue }
            let length = strlen(value)
            memset(value, 0x20, length)
            unsetenv(name)
            scrubbed.append(name)
        }
        return scrubbed
    }
}

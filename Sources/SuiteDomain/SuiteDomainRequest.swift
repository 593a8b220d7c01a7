//===----------------------------------------------------------------------===//
// SuiteDomainRequest.swift: what the gate asks of the suites' domain.
//===----------------------------------------------------------------------===//

/// What a run asks of the suites' domain: the gate's executable to launch through, the paths to
/// keep read-only and hidden, where the suites start, and the user they run as.
package struct SuiteDomainRequest: Sendable {
    /// The user id and group id of `nobody`/`nogroup` on Debian and Ubuntu, the suites' default user.
    package static let nobody: UInt32 = 65534

    /// The gate's executable (the launcher's name).
    package var launcher: String
    /// The file the launcher is started from, when not ``launcher`` (`/proc/self/exe`).
    package var image: String?
    /// Paths the suites may read but not write (the tree, `.git`, the gate's executable).
    package var readOnly: [String]
    /// Paths the suites must not see (the out folder, the captures, a key file).
    package var hidden: [String]
    /// Where the suites start; the suites' user must be able to enter it.
    package var directory: String
    /// The gate's environment (``SuiteDomainCache/variable``).
    package var environment: [String: String]
    /// The suites' user and group.
    package var uid: UInt32
    package var gid: UInt32

    /// Creates a request.
    package init(
        launcher: String, image: String?, readOnly: [String], hidden: [String], directory: String, environment: [String: String],
        uid: UInt32 = SuiteDomainRequest.nobody, gid: UInt32 = SuiteDomainRequest.nobody
    ) {
        self.launcher = launcher
        self.image = image
        self.readOnly = readOnly
        self.hidden = hidden
        self.directory = directory
        self.environment = environment
        self.uid = uid
        self.gid = gid
    }
}

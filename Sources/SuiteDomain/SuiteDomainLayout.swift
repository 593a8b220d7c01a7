//===----------------------------------------------------------------------===//
// SuiteDomainLayout.swift: what a suite may read, write and see in its domain.
//===----------------------------------------------------------------------===//

/// What a suite, the code under test, may touch inside its domain: the user it runs as, the paths
/// it may read but not write (the tracked tree, `.git`, the gate's executable), the paths it must
/// not see at all (the gate's out folder, its captures, a key file), and the paths it owns (its
/// home, its temporary folder, its build folders). Every mechanism (Linux namespaces, a macOS
/// sandbox profile) is built from one layout, so the platforms protect the same things.
package struct SuiteDomainLayout: Equatable, Sendable {
    /// The user id the suite runs as; never the gate's.
    package var uid: UInt32
    /// The group id the suite runs as.
    package var gid: UInt32
    /// Absolute paths the suite may read but not write.
    package var readOnly: [String]
    /// Absolute paths the suite must not see (an empty read-only folder, or an empty file, in their place).
    package var hidden: [String]
    /// Absolute paths the suite may write: its home, its temporary folder, its build folders.
    package var writable: [String]
    /// Folders of the suite's own mounted inside read-only paths (its build folders in the tree).
    package var binds: [SuiteDomainBind]
    /// The suite's home folder (`HOME`), owned by ``uid``, kept between runs so caches stay warm.
    package var home: String
    /// The suite's temporary folder (`TMPDIR`), owned by ``uid``.
    package var temporary: String

    /// Creates a layout.
    package init(
        uid: UInt32, gid: UInt32, readOnly: [String], hidden: [String], writable: [String], binds: [SuiteDomainBind] = [],
        home: String, temporary: String
    ) {
        self.uid = uid
        self.gid = gid
        self.readOnly = readOnly
        self.hidden = hidden
        self.writable = writable
        self.binds = binds
        self.home = home
        self.temporary = temporary
    }
}

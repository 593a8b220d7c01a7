//===----------------------------------------------------------------------===//
// DarwinSuiteUser.swift: the account suites run as on macOS, and the commands that make and use it.
//===----------------------------------------------------------------------===//

import GateProcess

/// The hidden, non-administrator account a suite runs as on macOS, and every command the gate runs
/// for it, as argument lists for GateProcess (nothing here runs anything, so all of it is tested
/// on Linux).
///
/// Set-up is idempotent and needs passwordless sudo (GitHub's macOS runners have it): ``listUsers``
/// (no sudo) says which names and ids exist, ``setUpCommands(listing:)`` turns that into the
/// commands still needed (the account when it is missing; its home and the folders that keep
/// DerivedData, simulator devices and SwiftPM's and clang's caches warm between runs, every time,
/// since `mkdir -p` and a non-recursive `chown` cost nothing).
///
/// The account is a service account: `UserShell` `/usr/bin/false`, `Password` `*` (no login),
/// `IsHidden`, a uid below 500, not in `admin` (so no sudo), primary group `staff` (to read the work
/// tree under `/Users/runner`; see ``DarwinFacts/staffGroupID``).
package struct DarwinSuiteUser: Equatable, Sendable {
    /// The account name.
    package var name: String
    /// Its user id, in ``DarwinFacts/hiddenUserIDs``.
    package var uid: UInt32
    /// Its primary group id.
    package var gid: UInt32
    /// Its home folder (`NFSHomeDirectory`): Xcode and CoreSimulator find DerivedData and the
    /// devices from the account's record, not from `HOME`, so the layout's home must be this one.
    package var home: String

    /// The default account: `_acceptancegate`, uid 473, group `staff`, home `/Users/_acceptancegate`.
    package static let standard = DarwinSuiteUser(
        name: "_acceptancegate", uid: 473, gid: DarwinFacts.staffGroupID, home: "/Users/_acceptancegate")

    /// Creates an account description; ``validate()`` checks it.
    package init(name: String, uid: UInt32, gid: UInt32, home: String) {
        self.name = name
        self.uid = uid
        self.gid = gid
        self.home = home
    }

    /// Checks the name (1 to 31 of `a-z0-9_-`, not starting with a digit or `-`), the uid (hidden
    /// range) and the home (an absolute path without control characters).
    /// - Throws: ``DarwinSuiteDomainError``.
    package func validate() throws(DarwinSuiteDomainError) {
        let scalars = Array(name.unicodeScalars)
        let allowed = scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
        guard (1...31).contains(scalars.count), allowed, let first = scalars.first, first != "-", !("0"..."9").contains(first)
        else { throw .invalidUserName(name: name) }
        guard DarwinFacts.hiddenUserIDs.contains(uid) else { throw .userIDOutsideHiddenRange(uid: uid) }
        guard try SBPLString.normalized(home) != "/" else { throw .pathNotAbsolute(path: home) }
    }

    // MARK: - Set-up

    /// `dscl . -list /Users UniqueID`: every local account and its uid, one `name uid` a line.
    /// Needs no sudo.
    package static let listUsers = [DarwinFacts.dscl, ".", "-list", "/Users", "UniqueID"]

    /// `sudo -n true`: whether passwordless sudo is there (without it the gate cannot separate, and says so).
    package static let sudoProbe = [DarwinFacts.sudo, "-n", DarwinFacts.true]

    /// The accounts in the output of ``listUsers``: name and uid. Lines that are not `name uid`
    /// (a blank line, a negative or huge id) are skipped.
    package static func accounts(inListing listing: String) -> [(name: String, uid: UInt32)] {
        listing.split(whereSeparator: \.isNewline).compactMap { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count == 2, let name = words.first, let id = words.last, let uid = UInt32(id) else { return nil }
            return (String(name), uid)
        }
    }

    /// Whether the account exists as configured, judged from the output of ``listUsers``.
    /// - Returns: true when it exists with ``uid``, false when neither its name nor its uid is used.
    /// - Throws: ``DarwinSuiteDomainError/userIDTaken(uid:by:)`` when another account has the uid,
    ///   ``DarwinSuiteDomainError/userExistsWithOtherID(name:uid:)`` when the name has another.
    package func exists(inListing listing: String) throws(DarwinSuiteDomainError) -> Bool {
        let accounts = Self.accounts(inListing: listing)
        if let same = accounts.first(where: { $0.name == name }) {
            guard same.uid == uid else { throw .userExistsWithOtherID(name: name, uid: same.uid) }
            return true
        }
        if let other = accounts.first(where: { $0.uid == uid }) { throw .userIDTaken(uid: uid, by: other.name) }
        return false
    }

    /// The commands still needed, given the output of ``listUsers``: the account when it is
    /// missing, then its home and cache folders.
    /// - Throws: ``DarwinSuiteDomainError`` for an invalid account or a collision.
    package func setUpCommands(listing: String) throws(DarwinSuiteDomainError) -> [[String]] {
        try validate()
        let create = try exists(inListing: listing) ? [] : createCommands
        return create + homeCommands
    }

    /// The `dscl` commands that create the account (each sets one attribute, so running them again
    /// changes nothing).
    package var createCommands: [[String]] {
        let record = "/Users/" + name
        let attributes: [(String, String)] = [
            ("UniqueID", String(uid)), ("PrimaryGroupID", String(gid)), ("UserShell", DarwinFacts.noLoginShell),
            ("NFSHomeDirectory", home), ("RealName", "acceptance-gate suites"), ("Password", "*"), ("IsHidden", "1"),
        ]
        return [Self.asRoot([DarwinFacts.dscl, ".", "-create", record])]
            + attributes.map { Self.asRoot([DarwinFacts.dscl, ".", "-create", record, $0.0, $0.1]) }
    }

    /// The home (the account's own, mode 0700) and, made by the account itself, the folders that
    /// keep builds warm: DerivedData, simulator devices, caches, a temporary folder.
    package var homeCommands: [[String]] {
        [
            Self.asRoot([DarwinFacts.mkdir, "-p", home]),
            Self.asRoot([DarwinFacts.chown, "\(uid):\(gid)", home]),
            Self.asRoot([DarwinFacts.chmod, "0700", home]),
            asSelf([DarwinFacts.mkdir, "-p"] + ownFolders),
        ]
    }

    /// The folders in the home that the set-up makes and the suites keep between runs.
    package var ownFolders: [String] {
        ["Library/Developer/Xcode/DerivedData", "Library/Developer/CoreSimulator/Devices", "Library/Caches", "tmp"]
            .map { home + "/" + $0 }
    }

    /// `getconf DARWIN_USER_TEMP_DIR` and `DARWIN_USER_CACHE_DIR` as the account: the per-user
    /// folders under `/private/var/folders` that `xcrun`, clang and Foundation write whatever
    /// `TMPDIR` says; the profile lets the suite write them (``userFolders(fromGetconf:)``).
    package var userFolderQueries: [[String]] {
        ["DARWIN_USER_TEMP_DIR", "DARWIN_USER_CACHE_DIR"].map { asSelf([DarwinFacts.getconf, $0]) }
    }

    /// The folder a ``userFolderQueries`` command printed, or `nil` for anything but one absolute path.
    package static func userFolder(fromGetconf output: String) -> String? {
        var path = Substring(output)
        while let last = path.last, last == "\n" || last == "/" || last == " " { path = path.dropLast() }
        guard path.hasPrefix("/"), let normalized = try? SBPLString.normalized(String(path)), normalized != "/" else { return nil }
        return normalized
    }

    // MARK: - Running as the account

    /// `argv` run by the account (`sudo -n -u NAME -- argv`), outside any sandbox.
    package func asSelf(_ argv: [String]) -> [String] {
        [DarwinFacts.sudo, "-n", "-u", name, "--"] + argv
    }

    /// `argv` run as root (`sudo -n -- argv`).
    package static func asRoot(_ argv: [String]) -> [String] {
        [DarwinFacts.sudo, "-n", "--"] + argv
    }

    /// `kill` as the account (`sudo -n -u NAME -- /bin/kill`): how the gate, which may not signal
    /// another user's processes, stops a suite's group and sweeps what left it.
    package var signalRelay: SignalRelay {
        SignalRelay(command: asSelf([DarwinFacts.kill]), environment: DarwinSuiteDomain.sudoEnvironment)
    }

    /// Root's commands that end what the account arranged to run later, outside any suite's group
    /// and outside its sandbox: its launchd domain (`launchctl submit`, a LaunchAgent it wrote) and
    /// its crontab.
    package var evictionCommands: [[String]] {
        [Self.asRoot([DarwinFacts.launchctl, "bootout", "user/\(uid)"]), Self.asRoot([DarwinFacts.crontab, "-r", "-u", name])]
    }

    /// The gate's own command (no sudo) that lets the account create and remove entries in
    /// `folder`, and read and write what it creates there: one inherited access entry on the folder
    /// itself, never followed if it is a link (`-h`), never recursive.
    package func grantCommand(_ folder: String) -> [String] {
        [
            DarwinFacts.chmod, "-h", "+a",
            "user:\(name) allow read,write,append,execute,delete,delete_child,readattr,writeattr,readextattr,writeextattr,"
                + "readsecurity,file_inherit,directory_inherit",
            folder,
        ]
    }

    /// Sends `signal` (a name: `TERM`, `KILL`) to every process of the account (`kill -s SIG -1` as the account): how the
    /// gate, which may not signal another user's processes, stops a suite's group and whatever left
    /// it. macOS has no subreaper, so this is also the sweep that finds a helper a suite
    /// double-forked away. It stops every suite running as the account, so run it between suites.
    package func signalEveryProcess(_ signal: String) -> [String] {
        signalRelay.command + ["-s", signal, "-1"]
    }

    /// Sends `signal` (a name) to the process group `group` of the account's processes. BSD `kill`
    /// reads its options from the first argument only, so `-GROUP` after `-s SIG` is a process id.
    package func signalGroup(_ group: Int32, _ signal: String) -> [String] {
        signalRelay.command + ["-s", signal, "-\(group)"]
    }
}

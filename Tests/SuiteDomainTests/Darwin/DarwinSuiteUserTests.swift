//===----------------------------------------------------------------------===//
// DarwinSuiteUserTests.swift: the commands that make the suite user on macOS, generated anywhere.
//===----------------------------------------------------------------------===//

import Testing

@testable import SuiteDomain

@Suite("DarwinSuiteUser")
struct DarwinSuiteUserTests {
    static let user = DarwinSuiteUser.standard
    /// `dscl . -list /Users UniqueID` as a GitHub macOS runner prints it, without the suite user.
    static let runnerListing =
        "_amavisd                 83\n_analyticsd              263\ndaemon                   1\nnobody                   -2\nroot                     0\nrunner                   501\n"

    @Test("an absent user: the dscl commands that make it, through sudo -n, then its home")
    func absentUserIsCreated() throws {
        let commands = try Self.user.setUpCommands(listing: Self.runnerListing)
        #expect(commands == Self.user.createCommands + Self.user.homeCommands)
        for command in commands {
            #expect(Array(command.prefix(2)) == ["/usr/bin/sudo", "-n"], "\(command)")
        }
        let record = "/Users/_acceptancegate"
        let dscl = commands.filter { $0.contains("/usr/bin/dscl") }.map { Array($0.drop { $0 != "/usr/bin/dscl" }) }
        #expect(dscl.first == ["/usr/bin/dscl", ".", "-create", record])
        for (attribute, value) in [
            ("UniqueID", "473"), ("PrimaryGroupID", "20"), ("UserShell", "/usr/bin/false"),
            ("NFSHomeDirectory", "/Users/_acceptancegate"), ("Password", "*"), ("IsHidden", "1"),
        ] {
            #expect(dscl.contains(["/usr/bin/dscl", ".", "-create", record, attribute, value]), "\(attribute)")
        }
        #expect(!commands.joined().contains("admin"), "never an administrator")
    }

    @Test("a present user with its uid: only the home commands, which are idempotent")
    func presentUserIsKept() throws {
        let listing = Self.runnerListing + "_acceptancegate          473\n"
        #expect(try Self.user.exists(inListing: listing))
        let commands = try Self.user.setUpCommands(listing: listing)
        #expect(commands == Self.user.homeCommands)
        #expect(commands.allSatisfy { !$0.contains("/usr/bin/dscl") })
        #expect(commands.contains(["/usr/bin/sudo", "-n", "--", "/bin/mkdir", "-p", "/Users/_acceptancegate"]))
        #expect(commands.contains(["/usr/bin/sudo", "-n", "--", "/usr/sbin/chown", "473:20", "/Users/_acceptancegate"]))
        #expect(commands.contains(["/usr/bin/sudo", "-n", "--", "/bin/chmod", "0700", "/Users/_acceptancegate"]))
        let own = try #require(commands.last)
        #expect(Array(own.prefix(5)) == ["/usr/bin/sudo", "-n", "-u", "_acceptancegate", "--"], "made by the user itself")
        #expect(own.contains("/Users/_acceptancegate/Library/Developer/Xcode/DerivedData"))
        #expect(own.contains("/Users/_acceptancegate/Library/Developer/CoreSimulator/Devices"))
        #expect(own.contains("/Users/_acceptancegate/Library/Caches"))
    }

    @Test("a uid another account has, or the name with another uid, is refused")
    func collisions() {
        #expect(throws: DarwinSuiteDomainError.userIDTaken(uid: 473, by: "_someone")) {
            try Self.user.setUpCommands(listing: Self.runnerListing + "_someone 473\n")
        }
        #expect(throws: DarwinSuiteDomainError.userExistsWithOtherID(name: "_acceptancegate", uid: 480)) {
            try Self.user.setUpCommands(listing: Self.runnerListing + "_acceptancegate 480\n")
        }
    }

    @Test("the listing's lines that are not 'name uid' are skipped")
    func listingParsing() {
        let accounts = DarwinSuiteUser.accounts(inListing: "a 1\n\nb\tx\nc 2 3\nd 4294967296\ne\t 7\n")
        #expect(accounts.map(\.name) == ["a", "e"])
        #expect(accounts.map(\.uid) == [1, 7])
    }

    @Test(
        "invalid names and uids outside the hidden range are refused",
        arguments: ["", "Root", "-x", "1abc", "a b", "a;b", "a/b", String(repeating: "a", count: 32), "ü"])
    func invalidNames(name: String) {
        var user = Self.user
        user.name = name
        #expect(throws: DarwinSuiteDomainError.invalidUserName(name: name)) { try user.setUpCommands(listing: "") }
    }

    @Test("a uid outside 200...499 is refused", arguments: [UInt32(0), 199, 500, 501, 65534])
    func uidsOutsideTheHiddenRange(uid: UInt32) {
        var user = Self.user
        user.uid = uid
        #expect(throws: DarwinSuiteDomainError.userIDOutsideHiddenRange(uid: uid)) { try user.validate() }
    }

    @Test("getconf's answer is one absolute folder, or nothing")
    func userFolders() {
        #expect(DarwinSuiteUser.userFolder(fromGetconf: "/var/folders/ab/xyz_123/T/\n") == "/var/folders/ab/xyz_123/T")
        #expect(DarwinSuiteUser.userFolder(fromGetconf: "") == nil)
        #expect(DarwinSuiteUser.userFolder(fromGetconf: "relative/T/\n") == nil)
        #expect(DarwinSuiteUser.userFolder(fromGetconf: "/\n") == nil)
        #expect(DarwinSuiteUser.userFolder(fromGetconf: "/a\n/b\n") == nil)
        let queries = Self.user.userFolderQueries
        #expect(queries.map(\.last) == ["DARWIN_USER_TEMP_DIR", "DARWIN_USER_CACHE_DIR"])
        #expect(queries.allSatisfy { $0.starts(with: ["/usr/bin/sudo", "-n", "-u", "_acceptancegate", "--", "/usr/bin/getconf"]) })
    }

    @Test("signals go through the suite user, to its group or to every process it has")
    func signals() {
        #expect(
            Self.user.signalGroup(1234, "TERM") == [
                "/usr/bin/sudo", "-n", "-u", "_acceptancegate", "--", "/bin/kill", "-s", "TERM", "-1234",
            ])
        #expect(
            Self.user.signalEveryProcess("KILL") == ["/usr/bin/sudo", "-n", "-u", "_acceptancegate", "--", "/bin/kill", "-s", "KILL", "-1"])
        #expect(DarwinSuiteUser.listUsers == ["/usr/bin/dscl", ".", "-list", "/Users", "UniqueID"], "reading needs no sudo")
    }
}

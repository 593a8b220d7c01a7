//===----------------------------------------------------------------------===//
// SignalRelayTests.swift: signals that reach another user's processes through a relay, and the
// sweep of what a suites' account left running.
//===----------------------------------------------------------------------===//

import Foundation
import GateProcess
import GateTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SignalRelay and AccountSweep", .timeLimit(.minutes(1)))
struct SignalRelayTests {
    init() throws {
        try TestSupport.prepare()
    }

    /// A relay that logs what it was asked to `log` and sends it as `uid`, as
    /// `sudo -n -u ACCOUNT -- /bin/kill` does on macOS. procps's `kill` reads `-1234` anywhere as an
    /// option, BSD's only first: the script puts the `--` BSD's would refuse.
    static func relay(as uid: UInt32, log: String, timeout: Duration = .seconds(10)) -> SignalRelay {
        let script =
            "echo \"$*\" >> '\(log)'; [ \"$1\" = -s ] || exit 2; signal=$2; shift 2; "
            + "exec setpriv --reuid=\(uid) --regid=\(uid) --clear-groups -- kill -s \"$signal\" -- \"$@\""
        return SignalRelay(command: ["sh", "-c", script, "relay"], environment: ["PATH": TestSupport.path], timeout: timeout)
    }

    /// `arguments` run as `uid`.
    static func asUser(_ uid: UInt32, _ arguments: [String]) -> [String] {
        ["setpriv", "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", "--"] + arguments
    }

    static func temporaryLog() -> String {
        let path = NSTemporaryDirectory() + "relay-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        return path
    }

    @Test func argumentsNameTheSignalNotItsNumber() {
        let relay = SignalRelay(command: ["/usr/bin/sudo", "-n", "-u", "_acceptancegate", "--", "/bin/kill"], environment: [:])
        // BSD kill takes options only first: `-4242` after `-s TERM` is the group, whatever the platform numbers TERM.
        #expect(
            relay.arguments(signal: SIGTERM, targets: [-4242, 17])
                == ["/usr/bin/sudo", "-n", "-u", "_acceptancegate", "--", "/bin/kill", "-s", "TERM", "-4242", "17"])
        #expect(relay.arguments(signal: SIGKILL, targets: [-1])?.suffix(3) == ["-s", "KILL", "-1"])
        #expect(relay.arguments(signal: SIGUSR1, targets: [-1]) == nil, "a signal the relay cannot name is not sent as another")
        #expect(relay.arguments(signal: SIGTERM, targets: []) == nil)
    }

    @Test func aRelayThatHangsIsBounded() {
        let relay = SignalRelay(
            command: ["sh", "-c", "sleep 30", "relay"], environment: ["PATH": TestSupport.path], timeout: .milliseconds(300))
        let start = ContinuousClock.now
        #expect(!relay.send(SIGTERM, to: [-999_999]))
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "runs children as another user with setpriv: Linux, as root"))
    func teardownSignalsAnotherUsersGroupThroughTheRelay() throws {
        let uid: UInt32 = 64_991
        let log = Self.temporaryLog()
        defer { unlink(log) }
        var spec = TestSupport.spec(Self.asUser(uid, ["sh", "-c", "trap '' TERM; sleep 300 & wait"]))
        spec.signalRelay = Self.relay(as: uid, log: log)
        let child = try ChildProcess.spawn(spec)
        TestSupport.sleep(milliseconds: 200)
        let teardown = try #require(child.terminate(grace: .milliseconds(300)))
        #expect(teardown.groupEmpty)
        #expect(teardown.endedBy == .kill, "TERM is ignored, so only KILL ended it")
        let asked = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        // The group ignored TERM, so it was still there after the gate's own TERM: the relay was asked.
        #expect(asked.contains("-s TERM -\(child.processGroup)"), "relay log: \(asked)")
        #expect(TestSupport.groupIsGone(child.processGroup))
    }

    @Test(.enabled(if: TestMachine.isLinuxRoot, "runs children as another user with setpriv: Linux, as root"))
    func sweepStopsWhatTheAccountLeftOutsideItsGroupAndSparesTrackedGroups() throws {
        let uid: UInt32 = 64_992
        let log = Self.temporaryLog()
        defer { unlink(log) }
        // A tracked group of the account (the fixture's, say) that must survive the sweep.
        let spared = try ChildProcess.spawn(TestSupport.spec(Self.asUser(uid, ["sleep", "300"])))
        defer { _ = spared.terminate(grace: .zero) }
        // Two escapees in sessions of their own: one leaves on TERM, one ignores it.
        let escaper = try ChildProcess.spawn(
            TestSupport.spec(
                Self.asUser(uid, ["sh", "-c", "setsid sleep 301 & setsid sh -c \"trap '' TERM; sleep 302\" & exit 0"])))
        _ = try escaper.wait(timeout: .seconds(5))
        // Whatever the sweep leaves, the account's processes end with the test.
        defer {
            _ = try? ProcessSupervisor.standalone.run(TestSupport.spec(Self.asUser(uid, ["kill", "-KILL", "-1"])), timeout: .seconds(5))
        }
        TestSupport.sleep(milliseconds: 300)
        let outcome = AccountSweep.sweep(
            uid: uid, sparing: [spared.processGroup], relay: Self.relay(as: uid, log: log), grace: .milliseconds(400))
        guard Platform.current.namesGroupMembers else {
            // A portable build cannot read the process table: the sweep says it did not look.
            #expect(!outcome.searched && outcome.found.isEmpty)
            return
        }
        #expect(outcome.searched)
        let names = outcome.found.map(\.command)
        #expect(names.contains { $0.contains("sleep 301") }, "found: \(names)")
        #expect(names.contains { $0.contains("sleep 302") }, "found: \(names)")
        #expect(!outcome.found.contains { $0.pid == spared.pid }, "the tracked group is spared")
        #expect(outcome.killed.contains { $0.command.contains("sleep 302") }, "the TERM-ignoring one needed KILL")
        #expect(!outcome.killed.contains { $0.command.contains("sleep 301") }, "sleep leaves on TERM")
        let again = AccountSweep.sweep(uid: uid, sparing: [spared.processGroup], relay: Self.relay(as: uid, log: log), grace: .zero)
        #expect(again.searched && again.found.isEmpty, "nothing of the account is left: \(again.found)")
        #expect(try spared.exitStatus() == nil, "the spared group still runs")
    }
}

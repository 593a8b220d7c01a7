// ExitProofTests.swift
//
// Proving a child gone: reaped, group empty (leftovers named and killed), ports released.

import Foundation
import Testing

@testable import GateProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("ExitProof", .timeLimit(.minutes(1)))
struct ExitProofTests {
    init() throws {
        try TestSupport.prepare()
    }

    @Test func aChildThatExitsCleanlyIsVerified() throws {
        let child = try ChildProcess.spawn(TestSupport.spec(["true"]))
        let proof = child.proveExit(deadline: .now + .seconds(5))
        #expect(proof.status == .exited(code: 0))
        #expect(proof.groupEmpty)
        #expect(proof.leftovers.isEmpty)
        #expect(proof.verified)
        #expect(proof.problems.isEmpty)
    }

    @Test func aGrandchildLeftBehindIsNamedKilledAndFailsTheProof() throws {
        // The shell exits at once; its `sleep` stays in the group.
        let child = try ChildProcess.spawn(TestSupport.spec(["sh", "-c", "sleep 37 & echo started"]))
        let proof = child.proveExit(deadline: .now + .seconds(5))
        #expect(proof.status == .exited(code: 0))
        #expect(proof.groupOutlivedChild)
        #expect(!proof.verified)
        #expect(proof.guarantees.descendantNaming == Platform.current.namesGroupMembers)
        #expect(proof.guarantees.subreaper == Platform.current.hasSubreaper)
        if Platform.current.namesGroupMembers {
            let leftover = try #require(proof.leftovers.first)
            #expect(proof.leftovers.count == 1)
            // Named after its exec, or said to be named before it (a loaded machine may not have
            // let the forked shell reach `exec sleep` within the 200 ms the proof waits).
            #expect(leftover.command == "sleep 37" || leftover.command == "sh -c sleep 37 & echo started (read before exec)")
            #expect(leftover.pid != child.pid)
            #expect(proof.problems.contains { $0.contains("pid \(leftover.pid) (\(leftover.command))") && $0.contains("killed") })
        } else {
            // Where members cannot be named, kill(-pgid, 0) still knows the group outlived the
            // child: the proof fails, without names.
            #expect(proof.leftovers.isEmpty)
            #expect(proof.problems.contains { $0.contains("cannot name them") })
        }
        if proof.guarantees.subreaper {
            // As subreaper we reap the killed grandchild ourselves, so the group is seen empty.
            #expect(proof.groupEmpty)
            #expect(proof.guarantees.groupEmptinessChecked)
            #expect(TestSupport.groupIsGone(child.pid))
        } else {
            // Without one, the killed grandchild is PID 1's to reap; until it does, the group is
            // not seen empty, and the proof must say so rather than assume it.
            #expect(proof.groupEmpty == proof.guarantees.groupEmptinessChecked)
            if !proof.groupEmpty {
                #expect(proof.problems.contains { $0.contains("still not empty") })
            }
        }
    }

    @Test func aGroupThatOutlivedItsChildFailsEvenWhenNoMemberCouldBeNamed() {
        // The Darwin-without-names and portable case: members existed, none was named, and SIGKILL
        // emptied the group. Before, this read as verified.
        let proof = ExitProof(
            status: .exited(code: 0), groupEmpty: true, groupOutlivedChild: true, leftovers: [], ports: [],
            portsStillOpen: [],
            guarantees: ExitGuarantees(subreaper: false, descendantNaming: false, groupEmptinessChecked: true))
        #expect(!proof.verified)
        #expect(proof.problems == ["its process group outlived it: members were left and killed, but this platform cannot name them"])
    }

    @Test func aGroupNeverSeenEmptyIsNotVerified() {
        let proof = ExitProof(
            status: .exited(code: 0), groupEmpty: true, leftovers: [], ports: [], portsStillOpen: [],
            guarantees: ExitGuarantees(subreaper: false, descendantNaming: true, groupEmptinessChecked: false))
        #expect(!proof.verified)
        #expect(proof.problems.contains("its process group was never seen empty"))
    }

    @Test func aCleanExitRecordsThePlatformsGuarantees() throws {
        let child = try ChildProcess.spawn(TestSupport.spec(["true"]))
        let proof = child.proveExit(deadline: .now + .seconds(5))
        #expect(proof.verified)
        #expect(proof.guarantees.groupEmptinessChecked)
        #expect(proof.guarantees.subreaper == Platform.current.hasSubreaper)
        #expect(proof.guarantees.descendantNaming == Platform.current.namesGroupMembers)
    }

    @Test func aPortStillListeningFailsTheProof() throws {
        let listener = try TestListener()
        defer { listener.stop() }
        let child = try ChildProcess.spawn(TestSupport.spec(["true"]))
        let proof = child.proveExit(ports: [listener.port], deadline: .now + .milliseconds(300))
        #expect(proof.status == .exited(code: 0))
        #expect(proof.portsStillOpen == [listener.port])
        #expect(!proof.verified)
        #expect(proof.problems.contains { $0.contains("\(listener.port)") && $0.contains("still accept") })
    }

    @Test func aReleasedPortPassesTheProof() throws {
        let port = try TestListener.freePort()
        let child = try ChildProcess.spawn(TestSupport.spec(["true"]))
        let proof = child.proveExit(ports: [port], deadline: .now + .seconds(2))
        #expect(proof.portsReleased)
        #expect(proof.verified)
    }

    @Test func teardownNamesTheProcessesSIGKILLHit() throws {
        // Ignores SIGTERM, and so does its grandchild.
        let child = try ChildProcess.spawn(
            TestSupport.spec(["sh", "-c", "trap '' TERM; sh -c \"trap '' TERM; sleep 41\" & sleep 43; wait"]))
        TestSupport.sleep(milliseconds: 200)
        let teardown = try #require(child.terminate(grace: .milliseconds(300)))
        #expect(teardown.endedBy == .kill)
        if Platform.current.hasSubreaper {
            #expect(teardown.groupEmpty)
        }
        #expect(teardown.guarantees.descendantNaming == Platform.current.namesGroupMembers)
        guard Platform.current.namesGroupMembers else {
            #expect(teardown.killed.isEmpty)
            #expect(teardown.description.contains("cannot be named on this platform"))
            return
        }
        let commands = teardown.killed.map(\.command)
        #expect(commands.contains("sleep 43"))
        #expect(commands.contains("sleep 41"))
        #expect(teardown.killed.contains { $0.pid == child.pid })
        #expect(teardown.description.contains("killed pid"))
        #expect(TestSupport.groupIsGone(child.pid))
    }
}

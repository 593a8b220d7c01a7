// ExitProofTests.swift
//
// Proving a child gone: reaped, group empty (leftovers named and killed), ports released.

import Foundation
import GateProcess
import Testing

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
        let leftover = try #require(proof.leftovers.first)
        #expect(proof.leftovers.count == 1)
        #expect(leftover.command == "sleep 37")
        #expect(leftover.pid != child.pid)
        #expect(proof.groupEmpty)
        #expect(!proof.verified)
        #expect(proof.problems.contains { $0.contains("pid \(leftover.pid) (sleep 37)") && $0.contains("killed") })
        #expect(TestSupport.groupIsGone(child.pid))
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
        #expect(teardown.groupEmpty)
        let commands = teardown.killed.map(\.command)
        #expect(commands.contains("sleep 43"))
        #expect(commands.contains("sleep 41"))
        #expect(teardown.killed.contains { $0.pid == child.pid })
        #expect(teardown.description.contains("killed pid"))
        #expect(TestSupport.groupIsGone(child.pid))
    }
}

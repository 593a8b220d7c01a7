// ChildProcessTests.swift
//
// The long-lived handle: waiting with deadlines, group signalling, several children at once.

import Foundation
import GateProcess
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("ChildProcess", .timeLimit(.minutes(1)))
struct ChildProcessTests {
    init() throws {
        try TestSupport.prepare()
    }

    @Test func waitWithDeadlineThenTerminate() throws {
        let child = try ChildProcess.spawn(TestSupport.spec(["sleep", "30"]))
        #expect(child.processGroup == child.pid)
        #expect(try child.exitStatus() == nil)
        let before = ContinuousClock.now
        #expect(try child.wait(timeout: .milliseconds(200)) == nil)
        #expect(TestSupport.seconds(.now - before) >= 0.2)
        #expect(!child.isGroupEmpty())

        let teardown = try #require(child.terminate(grace: .seconds(5)))
        #expect(teardown.reason == .requested)
        #expect(teardown.endedBy == .terminate)
        #expect(teardown.groupEmpty)
        #expect(try child.exitStatus() == .signalled(signal: SIGTERM))
        #expect(child.isGroupEmpty())
        #expect(child.terminate(grace: .seconds(1)) == nil)
        #expect(!child.signalGroup(SIGTERM))
        #expect(TestSupport.groupIsGone(child.pid))
    }

    @Test func signalGroupReachesEveryMember() throws {
        let child = try ChildProcess.spawn(TestSupport.spec(["sh", "-c", "sleep 30 & sleep 30 & wait"]))
        // Let the shell start both sleeps before signalling.
        TestSupport.sleep(milliseconds: 200)
        #expect(child.signalGroup(SIGKILL))
        #expect(child.waitForGroupEmpty(until: .now + .seconds(5)))
        #expect(try child.exitStatus() == .signalled(signal: SIGKILL))
        #expect(child.finishOutput(within: .seconds(1)))
        #expect(TestSupport.groupIsGone(child.pid))
    }

    @Test func severalChildrenAtOnceKeepTheirOwnStatuses() throws {
        let children = try (0..<6).map { code in
            try ChildProcess.spawn(TestSupport.spec(["sh", "-c", "sleep 0.\(code); exit \(code + 10)"]))
        }
        for (code, child) in children.enumerated().reversed() {
            #expect(try child.wait(timeout: .seconds(10)) == .exited(code: Int32(code + 10)))
        }
    }

    @Test func outputIsReadableFromTheHandle() throws {
        let child = try ChildProcess.spawn(TestSupport.spec(["sh", "-c", "echo hello; echo oops >&2"]))
        #expect(try child.wait(timeout: .seconds(10)) == .exited(code: 0))
        #expect(child.finishOutput(within: .seconds(1)))
        #expect(child.capturedStdout() == CapturedOutput(bytes: Array("hello\n".utf8), droppedBytes: 0, complete: true))
        #expect(child.capturedStderr().bytes == Array("oops\n".utf8))
    }
}

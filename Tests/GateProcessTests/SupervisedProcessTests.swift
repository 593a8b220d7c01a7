// SupervisedProcessTests.swift
//
// The supervisor's contract: children are put under the monitor as they start, the teardown policy
// given as data is what happens, a service stays supervised until released, and only a sweeping
// supervisor sweeps.

import Foundation
import GateProcess
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("ProcessSupervisor", .timeLimit(.minutes(1)))
struct SupervisedProcessTests {
    init() throws {
        try TestSupport.prepare()
    }

    /// A monitor that listens to no real signal: `interrupt(with:)` stands in for one, so the
    /// test runner is never signalled.
    private func quietMonitor() -> InterruptMonitor {
        InterruptMonitor(signals: [], stopGrace: .milliseconds(300))
    }

    @Test func aChildIsUnderTheMonitorFromItsStartWithoutTheCallerTrackingIt() throws {
        let monitor = quietMonitor()
        let supervisor = ProcessSupervisor(monitor: monitor)
        let process = try supervisor.start(TestSupport.spec(["sleep", "41"]), policy: .command(timeout: .seconds(30)))
        let start = ContinuousClock.now
        monitor.interrupt(with: SIGINT)
        let end = process.finish()
        #expect(TestSupport.seconds(.now - start) < 5)
        #expect(end.status == .signalled(signal: SIGTERM))
        #expect(end.interruption == SIGINT)
        #expect(!end.timedOut, "an interrupted child did not reach its deadline")
        #expect(supervisor.interruption == SIGINT)
        #expect(TestSupport.groupIsGone(process.child.processGroup))
    }

    @Test func aChildStartedAfterTheInterruptionIsStoppedAtOnce() throws {
        let monitor = quietMonitor()
        let supervisor = ProcessSupervisor(monitor: monitor)
        monitor.interrupt(with: SIGTERM)
        let deadline = ContinuousClock.now + .seconds(5)
        while supervisor.interruption == nil && ContinuousClock.now < deadline { TestSupport.sleep(milliseconds: 5) }
        let start = ContinuousClock.now
        let result = try supervisor.run(TestSupport.spec(["sleep", "42"]), timeout: .seconds(30))
        #expect(TestSupport.seconds(.now - start) < 5)
        #expect(result.status == .signalled(signal: SIGTERM))
        #expect(!result.timedOut)
    }

    @Test func theDeadlineAndGraceOfThePolicyAreWhatHappens() throws {
        let policy = TeardownPolicy(deadline: .milliseconds(300), grace: .milliseconds(200), outputDrain: .milliseconds(500))
        let process = try ProcessSupervisor.standalone.start(
            TestSupport.spec(["sh", "-c", "trap '' TERM; echo ready; sleep 43"]), policy: policy)
        let end = process.finish()
        #expect(end.timedOut)
        #expect(end.status == .signalled(signal: SIGKILL), "SIGTERM was ignored, so the grace ran out")
        let teardown = try #require(end.teardown)
        #expect(teardown.reason == .deadline)
        #expect(teardown.endedBy == .kill)
        #expect(teardown.grace == .milliseconds(200))
        #expect(TestSupport.seconds(end.duration) < 5)
        #expect(TestSupport.groupIsGone(process.child.processGroup))
    }

    @Test func membersThatOutliveTheChildAreNamedAndStoppedWithTheStrayGrace() throws {
        let policy = TeardownPolicy(deadline: .seconds(20), grace: .seconds(5), strayGrace: .milliseconds(400))
        let process = try ProcessSupervisor.standalone.start(
            TestSupport.spec(["sh", "-c", "sleep 44 & echo started"]), policy: policy)
        let end = process.finish()
        #expect(end.status == .exited(code: 0))
        #expect(!end.timedOut)
        #expect(end.leftStrays)
        let teardown = try #require(end.teardown)
        #expect(teardown.grace == .milliseconds(400))
        if Platform.current.namesGroupMembers {
            // Named before SIGTERM, and again if first read between the fork and the exec.
            #expect(teardown.members.contains { $0.command.hasPrefix("sleep 44") }, "\(teardown.members)")
        }
        #expect(TestSupport.groupIsGone(process.child.processGroup))
    }

    @Test func aServiceRunsUntilStoppedAndIsProvenGoneBeforeItIsReleased() throws {
        let supervisor = ProcessSupervisor(monitor: quietMonitor())
        let process = try supervisor.start(TestSupport.spec(["sleep", "45"]), policy: .service(stopGrace: .seconds(1)))
        TestSupport.sleep(milliseconds: 100)
        #expect(try process.child.exitStatus() == nil, "a service has no deadline")
        let teardown = try #require(process.stop())
        #expect(teardown.reason == .requested)
        #expect(teardown.endedBy == .terminate)
        let proof = process.child.proveExit(deadline: .now + .seconds(3))
        #expect(proof.status == .signalled(signal: SIGTERM))
        #expect(process.release(), "its output pipes closed when it died")
        #expect(TestSupport.groupIsGone(process.child.processGroup))
    }

    @Test func onlyASweepingSupervisorSweeps() throws {
        // A supervisor beside other work (this test runner's other tests) must never stop their
        // children: it does not even look.
        let other = try ChildProcess.spawn(TestSupport.spec(["sleep", "46"]))
        defer {
            _ = other.terminate(grace: .zero)
        }
        let outcome = ProcessSupervisor(monitor: quietMonitor()).sweep()
        #expect(!outcome.searched)
        #expect(outcome.found.isEmpty)
        #expect(try other.exitStatus() == nil, "the unsupervised child is still running")
    }

    @Test func oneChildCannotJoinAnothersProcessGroup() throws {
        // Each child leads a session of its own (where the C library can), and setpgid() works
        // within one session only: a suite's process cannot hide in the fixture's group.
        guard !Platform.shimsBuiltPortable else { return }
        let service = try ProcessSupervisor.standalone.start(TestSupport.spec(["sleep", "48"]), policy: .service(stopGrace: .seconds(1)))
        defer {
            _ = service.stop()
            service.release()
        }
        let script =
            "import os\ntry:\n    os.setpgid(0, \(service.child.pid))\n    print('joined')\nexcept OSError as e:\n    print(e.errno)"
        let result = try ProcessSupervisor.standalone.run(TestSupport.spec(["python3", "-c", script]), timeout: .seconds(20))
        #expect(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == String(EPERM), "\(result.stdoutText)")
        let session = try ProcessSupervisor.standalone.run(
            TestSupport.spec(["python3", "-c", "import os; print(os.getsid(0) == os.getpid())"]), timeout: .seconds(20))
        #expect(session.stdoutText.hasPrefix("True"), "the child leads its own session")
    }
}

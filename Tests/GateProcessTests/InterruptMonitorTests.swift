// InterruptMonitorTests.swift
//
// The supervisor's own signals stop every tracked child group within 5 seconds.
// SIGUSR2 stands in for SIGINT/SIGTERM, so the test runner itself is never interrupted.

import Foundation
import GateProcess
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("InterruptMonitor", .serialized, .timeLimit(.minutes(1)))
struct InterruptMonitorTests {
    init() throws {
        try TestSupport.prepare()
    }

    @Test func aRealSignalStopsEveryTrackedGroupWithinFiveSeconds() throws {
        let monitor = InterruptMonitor(signals: [SIGUSR2], stopGrace: .milliseconds(500))
        defer { monitor.cancel() }
        let polite = try ChildProcess.spawn(TestSupport.spec(["sleep", "31"]))
        // "ready" only once the trap is set: on a loaded machine a signal sent before would kill the
        // shell at once, and the test would be measuring the scheduler instead of the monitor.
        let stubborn = try ChildProcess.spawn(TestSupport.spec(["sh", "-c", "trap '' TERM; sleep 32 & echo ready; sleep 33; wait"]))
        monitor.track(polite)
        monitor.track(stubborn)
        let ready = ContinuousClock.now + .seconds(20)
        while !String(decoding: stubborn.capturedStdout().bytes, as: UTF8.self).contains("ready") && ContinuousClock.now < ready {
            TestSupport.sleep(milliseconds: 5)
        }
        #expect(String(decoding: stubborn.capturedStdout().bytes, as: UTF8.self).contains("ready"))
        #expect(monitor.received == nil)
        #expect(monitor.exitCode == nil)

        let start = ContinuousClock.now
        #expect(kill(getpid(), SIGUSR2) == 0)
        #expect(try polite.wait(timeout: .seconds(5)) == .signalled(signal: SIGTERM))
        #expect(try stubborn.wait(timeout: .seconds(5)) == .signalled(signal: SIGKILL))
        #expect(monitor.waitForStops(until: .now + .seconds(5)))
        #expect(TestSupport.seconds(.now - start) < 5)
        #expect(monitor.received == SIGUSR2)
        #expect(monitor.exitCode == 128 + SIGUSR2)
        #expect(polite.isGroupEmpty())
        if Platform.current.hasSubreaper {
            // Without a subreaper the killed `sleep 32` is PID 1's zombie until PID 1 reaps it.
            #expect(stubborn.isGroupEmpty())
        }
    }

    @Test func aChildTrackedAfterTheInterruptionIsStoppedAtOnce() throws {
        let monitor = InterruptMonitor(signals: [SIGUSR2], stopGrace: .milliseconds(500))
        defer { monitor.cancel() }
        monitor.interrupt(with: SIGINT)
        let deadline = ContinuousClock.now + .seconds(5)
        while monitor.received == nil && ContinuousClock.now < deadline {
            TestSupport.sleep(milliseconds: 5)
        }
        #expect(monitor.exitCode == 130)
        let late = try ChildProcess.spawn(TestSupport.spec(["sleep", "34"]))
        monitor.track(late)
        #expect(try late.wait(timeout: .seconds(5)) == .signalled(signal: SIGTERM))
        #expect(monitor.waitForStops(until: .now + .seconds(5)))
        #expect(late.isGroupEmpty())
    }

    @Test func anUntrackedChildIsLeftAlone() throws {
        let monitor = InterruptMonitor(signals: [SIGUSR2], stopGrace: .milliseconds(200))
        defer { monitor.cancel() }
        let child = try ChildProcess.spawn(TestSupport.spec(["sleep", "35"]))
        monitor.track(child)
        monitor.untrack(child)
        monitor.interrupt(with: SIGTERM)
        #expect(monitor.waitForStops(until: .now + .seconds(2)))
        #expect(try child.wait(timeout: .milliseconds(300)) == nil)
        #expect(monitor.exitCode == 143)
        _ = child.terminate(grace: .seconds(2))
        #expect(child.isGroupEmpty())
    }
}

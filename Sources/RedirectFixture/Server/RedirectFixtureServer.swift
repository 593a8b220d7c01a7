//===----------------------------------------------------------------------===//
// RedirectFixtureServer.swift: the redirect fixture, started and stopped in-process.
//===----------------------------------------------------------------------===//

internal import Dispatch
internal import Foundation
import GateCore
internal import GateProcess

/// The redirect fixture (design.md, scenario 1): two HTTP/1.1 listeners on 127.0.0.1 with the
/// redirect routes, and a ledger of what each has seen.
///
/// ```swift
/// let server = RedirectFixtureServer()            // ephemeral ports
/// let endpoints = try server.start()              // both listeners accept from here on
/// // ... requests to endpoints.originURL ...
/// server.stop()                                    // joins the loop; both ports are free
/// #expect(server.ledger.foreign.requests == 0)
/// ```
///
/// The listeners are bound and listening when ``start()`` returns; the event loop then runs on
/// a thread of its own until ``stop()``, which is also called when the server is released.
/// Every member is safe to call from any thread.
package final class RedirectFixtureServer: Sendable {
    /// The configuration it was created with.
    package let configuration: FixtureConfiguration

    private enum State {
        /// Created, nothing bound.
        case idle
        /// The loop runs; `wake` stops it and `finished` is left when it has closed everything.
        case running(endpoints: FixtureEndpoints, wake: WakePipe, finished: DispatchGroup)
        /// Stopped (or never started); a server does not start twice.
        case stopped(endpoints: FixtureEndpoints?)
    }

    private let state = Locked(State.idle)
    private let stopping = Locked(())
    private let recorder: LedgerRecorder

    /// Creates a server; nothing is bound until ``start()``.
    ///
    /// - Parameter configuration: ports, timeouts and limits; ephemeral ports by default.
    package init(configuration: FixtureConfiguration = FixtureConfiguration()) {
        self.configuration = configuration
        self.recorder = LedgerRecorder(maxRecordedPaths: configuration.maxRecordedPaths)
    }

    deinit {
        stop()
    }

    /// Binds both listeners on 127.0.0.1 (origin first), starts the event loop, and returns the
    /// ports. Both listeners accept connections once this returns.
    ///
    /// - Returns: the ports actually bound.
    /// - Throws: ``FixtureError/portInUse(port:)`` naming the first port that is taken,
    ///   ``FixtureError/portNotPermitted(port:)``, ``FixtureError/invalidPorts(origin:foreign:)``,
    ///   ``FixtureError/alreadyStarted``, or ``FixtureError/systemCallFailed(call:errno:)``.
    ///   Nothing stays bound after an error.
    @discardableResult
    package func start() throws(FixtureError) -> FixtureEndpoints {
        try state.withLock { (state: inout State) throws(FixtureError) -> FixtureEndpoints in
            guard case .idle = state else { throw .alreadyStarted }
            let requested: (origin: Int, foreign: Int)
            switch configuration.ports {
            case let .fixed(origin, foreign):
                guard configuration.ports.isValid else { throw .invalidPorts(origin: origin, foreign: foreign) }
                requested = (origin, foreign)
            case .automatic:
                requested = (0, 0)
            }
            let origin = try Socket.openListener(port: requested.origin)
            let foreign: (fd: Int32, port: Int)
            let wake: WakePipe
            do throws(FixtureError) {
                foreign = try Socket.openListener(port: requested.foreign)
            } catch {
                Socket.closeDescriptor(origin.fd)
                throw error
            }
            do throws(GateProcessError) {
                wake = try WakePipe(command: "the redirect fixture")
            } catch {
                Socket.closeDescriptor(origin.fd)
                Socket.closeDescriptor(foreign.fd)
                var code = EIO
                if case .systemCallFailed(_, _, let failed) = error { code = failed }
                throw .systemCallFailed(call: "pipe", errno: code)
            }

            let endpoints = FixtureEndpoints(originPort: origin.port, foreignPort: foreign.port)
            recorder.setPorts(endpoints)
            let listeners = [
                BoundListener(fd: origin.fd, role: .origin, port: origin.port),
                BoundListener(fd: foreign.fd, role: .foreign, port: foreign.port),
            ]
            let finished = DispatchGroup()
            finished.enter()
            let configuration = self.configuration
            let recorder = self.recorder
            // The loop gets the descriptor only: the pipe closes when `stop()` lets go of it.
            let wakeFD = wake.readFD
            let thread = Thread {
                let loop = EventLoop(
                    configuration: configuration, listeners: listeners, wakeFD: wakeFD, recorder: recorder,
                    endpoints: endpoints)
                loop.run()
                finished.leave()
            }
            thread.name = "redirect-fixture"
            thread.start()
            state = .running(endpoints: endpoints, wake: wake, finished: finished)
            return endpoints
        }
    }

    /// The bound ports while running (and after stopping), or `nil` before ``start()``.
    package var endpoints: FixtureEndpoints? {
        state.withLock { state in
            switch state {
            case .idle: nil
            case let .running(endpoints, _, _): endpoints
            case let .stopped(endpoints): endpoints
            }
        }
    }

    /// A consistent snapshot of the live ledger. Still readable after ``stop()``.
    package var ledger: Ledger {
        recorder.snapshot()
    }

    /// Stops the event loop and waits for it: every connection and both listeners are closed
    /// when this returns, so the ports are free. Safe to call more than once, from any thread;
    /// a later call waits for an earlier one to finish.
    package func stop() {
        stopping.withLock { _ in
            let running = state.withLock { (state: inout State) -> (WakePipe, DispatchGroup)? in
                switch state {
                case .idle:
                    state = .stopped(endpoints: nil)
                    return nil
                case let .running(endpoints, wake, finished):
                    state = .stopped(endpoints: endpoints)
                    return (wake, finished)
                case .stopped:
                    return nil
                }
            }
            guard let (wake, finished) = running else { return }
            wake.signal()
            finished.wait()
        }
    }
}

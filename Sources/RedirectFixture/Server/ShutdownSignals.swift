//===----------------------------------------------------------------------===//
// ShutdownSignals.swift: waiting for SIGTERM or SIGINT without a signal handler.
//===----------------------------------------------------------------------===//

import GateCore

/// SIGTERM and SIGINT, blocked on the calling thread so they stay pending until ``wait()``
/// takes one with `sigwait`.
///
/// There is no signal handler at all, so nothing runs in signal context. Block them before
/// starting the server: its event-loop thread blocks them too, so a process-directed signal
/// waits for the thread in ``wait()`` instead of killing the process with the default action.
package struct ShutdownSignals: Sendable {
    private let previousMask: sigset_t

    /// Blocks SIGTERM and SIGINT on the calling thread.
    package init() {
        var set = Self.signalSet()
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        previousMask = previous
    }

    /// Waits until SIGTERM or SIGINT arrives (or is already pending) and takes it.
    ///
    /// - Returns: the signal number, 15 or 2.
    package func wait() -> Int32 {
        var set = Self.signalSet()
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    /// Restores the calling thread's signal mask from before ``init()``. Call it only on the
    /// way out of a command that did not wait: a signal still pending would then be delivered.
    package func restore() {
        var previous = previousMask
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        return set
    }
}

// SignalNumbers.swift
//
// The signal numbers that differ between platforms, written down so they can be checked anywhere.

import GateCore

/// One platform's numbers for the signals the supervisor uses, and how many signals it has.
///
/// Why written down: SIGSYS is 31 on Linux and 12 on Darwin, so a loop `1...SIGSYS` that resets
/// "every standard signal" on Linux leaves SIGPIPE (13) and SIGTERM (15) ignored on a Mac.
/// The values come from `<asm/signal.h>` (Linux) and XNU's `bsd/sys/signal.h` (Darwin).
package struct SignalNumbers: Sendable, Hashable {
    /// SIGHUP.
    package var hangup: Int32
    /// SIGINT.
    package var interrupt: Int32
    /// SIGKILL.
    package var kill: Int32
    /// SIGPIPE.
    package var pipe: Int32
    /// SIGTERM.
    package var terminate: Int32
    /// SIGCHLD.
    package var child: Int32
    /// SIGSTOP.
    package var stop: Int32
    /// SIGSYS, the last standard signal on Linux but not on Darwin.
    package var badSystemCall: Int32
    /// NSIG: one more than the highest signal number.
    package var count: Int32
    /// Signals that `sigfillset` leaves out (glibc keeps 32 and 33 for its threads).
    package var reserved: Set<Int32> = []

    /// Linux (x86-64 and arm64): 64 signals, 32 and 33 reserved by glibc.
    package static let linux = SignalNumbers(
        hangup: 1, interrupt: 2, kill: 9, pipe: 13, terminate: 15, child: 17, stop: 19, badSystemCall: 31, count: 65,
        reserved: [32, 33])

    /// Darwin: 31 signals (NSIG 32).
    package static let darwin = SignalNumbers(
        hangup: 1, interrupt: 2, kill: 9, pipe: 13, terminate: 15, child: 20, stop: 17, badSystemCall: 12, count: 32)

    /// This build's own numbers, from the C library's headers.
    package static let native: SignalNumbers = {
        #if os(Linux)
            let count = Int32(65)
            let reserved: Set<Int32> = [32, 33]
        #else
            let count = Int32(32)
            let reserved: Set<Int32> = []
        #endif
        return SignalNumbers(
            hangup: SIGHUP, interrupt: SIGINT, kill: SIGKILL, pipe: SIGPIPE, terminate: SIGTERM, child: SIGCHLD,
            stop: SIGSTOP, badSystemCall: SIGSYS, count: count, reserved: reserved)
    }()

    /// What `sigfillset` holds on this platform: every signal from 1 below ``count`` but the
    /// reserved ones.
    package var filledSet: Set<Int32> {
        Set((1..<count).filter { !reserved.contains($0) })
    }
}

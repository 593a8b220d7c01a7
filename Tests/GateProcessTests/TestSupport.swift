// TestSupport.swift
//
// Helpers shared by the GateProcess tests.

import Foundation
import GateProcess

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shared set-up and probes for the GateProcess tests.
enum TestSupport {
    /// A PATH that finds the usual tools without depending on the test runner's environment.
    static let path = "/usr/local/bin:/usr/bin:/bin"

    /// Makes the test process a subreaper, so orphaned grandchildren can be reaped and "the group is
    /// gone" can be proven even where PID 1 never reaps.
    static func prepare() throws {
        try Subreaper.enable()
    }

    /// A spec with a minimal environment.
    static func spec(
        _ arguments: [String],
        stdin: ProcessInput = .null,
        stdout: ProcessOutput = .collect(),
        stderr: ProcessOutput = .collect()
    ) -> ProcessSpec {
        ProcessSpec(arguments: arguments, environment: ["PATH": path], stdin: stdin, stdout: stdout, stderr: stderr)
    }

    /// True when no process (not even a zombie) is left in process group `pgid`.
    static func groupIsGone(_ pgid: Int32) -> Bool {
        kill(-pgid, 0) == -1 && errno == ESRCH
    }

    /// Deterministic pseudo-random bytes (SplitMix64), so a failure can be reproduced.
    static func pseudoRandomBytes(count: Int, seed: UInt64 = 0x5EED) -> [UInt8] {
        var state = seed
        var bytes = [UInt8]()
        bytes.reserveCapacity(count)
        while bytes.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            withUnsafeBytes(of: z.littleEndian) { word in
                bytes.append(contentsOf: word.prefix(count - bytes.count))
            }
        }
        return bytes
    }

    /// Sleeps the calling thread.
    static func sleep(milliseconds: Int) {
        usleep(useconds_t(milliseconds * 1000))
    }

    /// Seconds in `duration`, for readable comparisons.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// A thread-safe list that line handlers (which run on reader threads) append to.
final class LineRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    private var byteCount = 0

    /// Appends one line.
    func record(_ line: [UInt8]) {
        lock.lock()
        recorded.append(String(decoding: line, as: UTF8.self))
        byteCount += line.count
        lock.unlock()
    }

    /// The lines so far.
    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// The total bytes of all lines (newlines excluded).
    var bytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return byteCount
    }
}

//===----------------------------------------------------------------------===//
// ChildResult.swift: how a spawned child ended and what it cost.
//===----------------------------------------------------------------------===//

/// How a child ended, what it printed, and its peak memory.
struct ChildResult {
    /// The raw wait status.
    var status: Int32 = 0
    var stdout: [UInt8] = []
    var bytesWritten = 0
    /// Peak resident set size in KiB (ru_maxrss from wait4).
    var maximumRSSKiB = 0
    /// The largest VmHWM read from /proc/PID/status while the child ran (every 20 ms; 0 if never read).
    var sampledHighWaterKiB = 0
    /// User plus system CPU seconds the child used (from wait4), across all its threads.
    var cpuSeconds = 0.0
    /// From the first byte offered to the child's stdin to wait4's return.
    var seconds = 0.0
    /// The child closed its standard input before it had all of it.
    var inputRefused = false

    var exitCode: Int32? { status & 0x7F == 0 ? (status >> 8) & 0xFF : nil }
    var signal: Int32? { status & 0x7F != 0 && status & 0x7F != 0x7F ? status & 0x7F : nil }
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    /// The status as a shell reports it: the exit code, or 128 + the signal.
    var shellStatus: Int32 { exitCode ?? 128 + (signal ?? 0) }

    var statusDescription: String {
        if let exitCode { return "exit \(exitCode)" }
        if let signal { return "killed by signal \(signal)" }
        return "wait status \(status)"
    }
}

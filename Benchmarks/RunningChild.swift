//===----------------------------------------------------------------------===//
// RunningChild.swift: a spawned child waiting for its input.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child started by ``SpawnedChild/start(_:stdoutToNull:)``; hand it to ``SpawnedChild/finish(_:deadline:nextChunk:)``.
struct RunningChild {
    let pid: pid_t
    let command: String
    /// Our end of its stdin (non-blocking).
    let inputWrite: Int32
    /// Our end of its stdout, or -1 when that goes to /dev/null.
    let outputRead: Int32

    /// VmHWM (peak RSS of the current address space) from /proc/PID/status, in KiB; nil once gone.
    func highWaterMarkKiB() -> Int? {
        let descriptor = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: bytes[0..<count], as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.dropFirst(6).filter { $0.isNumber })
        }
        return nil
    }
}

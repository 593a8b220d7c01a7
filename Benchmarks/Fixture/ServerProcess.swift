//===----------------------------------------------------------------------===//
// ServerProcess.swift: a server under test, started as a child and stopped with SIGTERM.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server under test running as a child process: started with ``SpawnedChild``, its port read
/// from the first line it prints, stopped with SIGTERM (SIGKILL after 2 s, a failure).
struct ServerProcess {
    let name: String
    let port: Int
    private let child: RunningChild

    /// Starts `arguments` and waits up to 10 s for its first line; `port` picks the port out of it.
    init(name: String, arguments: [String], port parse: (String) -> Int?) throws(BenchmarkFailure) {
        self.name = name
        child = try SpawnedChild.start(arguments)
        close(child.inputWrite)
        let line = try Self.firstLine(of: child)
        guard let port = parse(line) else {
            Self.forceStop(child)
            throw BenchmarkFailure("\(name): unexpected first line '\(line)'")
        }
        self.port = port
    }

    /// Sends SIGTERM and reaps the child.
    /// - Returns: its exit code (nil when a signal ended it).
    @discardableResult
    func stop() throws(BenchmarkFailure) -> Int32? {
        defer { close(child.outputRead) }
        kill(child.pid, SIGTERM)
        let watch = Stopwatch()
        var status: Int32 = 0
        while true {
            let reaped = waitpid(child.pid, &status, WNOHANG)
            if reaped == child.pid { break }
            if reaped < 0, errno != EINTR { throw BenchmarkFailure("waitpid \(name): errno \(errno)") }
            if watch.elapsed > 2 {
                Self.forceStop(child)
                throw BenchmarkFailure("\(name) did not exit within 2 s of SIGTERM; killed")
            }
            usleep(2000)
        }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }

    private static func firstLine(of child: RunningChild) throws(BenchmarkFailure) -> String {
        var bytes: [UInt8] = []
        let watch = Stopwatch()
        var chunk = [UInt8](repeating: 0, count: 256)
        while !bytes.contains(UInt8(ascii: "\n")) {
            guard watch.elapsed < 10 else {
                forceStop(child)
                throw BenchmarkFailure("\(child.command): no first line within 10 s")
            }
            var descriptor = pollfd(fd: child.outputRead, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(child.outputRead, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                forceStop(child)
                throw BenchmarkFailure("\(child.command) exited before printing its port")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    private static func forceStop(_ child: RunningChild) {
        kill(child.pid, SIGKILL)
        _ = waitpid(child.pid, nil, 0)
    }
}

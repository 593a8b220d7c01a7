//===----------------------------------------------------------------------===//
// LibC.swift: the C library calls whose Swift spelling differs between Glibc and Darwin.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few C calls and constants the benchmarks need that Glibc and Darwin spell differently, so
/// every other file can stay free of `#if`. (Some are qualified because a benchmark type has a
/// member of the same name: `CodecCase.memcpy`, `LoadGenerator.send`.)
enum LibC {
    /// `memcpy(target, source, count)`.
    static func copy(_ target: UnsafeMutableRawPointer, _ source: UnsafeRawPointer, _ count: Int) {
        #if canImport(Glibc)
            _ = Glibc.memcpy(target, source, count)
        #elseif canImport(Darwin)
            _ = Darwin.memcpy(target, source, count)
        #endif
    }

    /// `send(fd, bytes, count, …)` without SIGPIPE: `MSG_NOSIGNAL` on Linux; Darwin has no such
    /// flag, and its sockets get `SO_NOSIGPIPE` in ``streamSocket()`` instead.
    static func send(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        #elseif canImport(Darwin)
            return Darwin.send(fd, bytes, count, 0)
        #endif
    }

    /// `connect(fd, address, length)`.
    static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
            return Glibc.connect(fd, address, length)
        #elseif canImport(Darwin)
            return Darwin.connect(fd, address, length)
        #endif
    }

    /// A new IPv4 TCP socket (`SO_NOSIGPIPE` set on Darwin), or -1.
    static func streamSocket() -> Int32 {
        #if canImport(Glibc)
            return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #elseif canImport(Darwin)
            let fd = socket(AF_INET, SOCK_STREAM, 0)
            if fd >= 0 {
                var one: Int32 = 1
                _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            }
            return fd
        #endif
    }

    /// This process's environment, for posix_spawn (Darwin does not export `environ` to Swift).
    static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Glibc)
            return environ
        #elseif canImport(Darwin)
            return _NSGetEnviron().pointee
        #endif
    }

    /// `getrusage(RUSAGE_SELF)`.
    static func ownUsage() -> rusage {
        var usage = rusage()
        #if canImport(Glibc)
            _ = getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        #elseif canImport(Darwin)
            _ = getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }

    /// `ru_maxrss` in KiB: Linux reports KiB, Darwin bytes.
    static func maximumRSSKiB(_ usage: rusage) -> Int {
        #if canImport(Darwin)
            return Int(usage.ru_maxrss) / 1024
        #else
            return Int(usage.ru_maxrss)
        #endif
    }
}

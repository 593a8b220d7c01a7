//===----------------------------------------------------------------------===//
// Portable.swift: socket constants that differ between Glibc and Darwin.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if os(Linux)
    /// `SOCK_STREAM` as `socket(2)` takes it.
    let streamSocketType = Int32(SOCK_STREAM.rawValue)
    /// `send(2)` flags that turn SIGPIPE into EPIPE (Darwin sets SO_NOSIGPIPE on the socket instead).
    let sendFlags = Int32(MSG_NOSIGNAL)
    /// `RLIMIT_NOFILE` as `getrlimit(2)` takes it.
    let openFilesResource = Int32(RLIMIT_NOFILE.rawValue)
#else
    let streamSocketType = SOCK_STREAM
    let sendFlags: Int32 = 0
    let openFilesResource = RLIMIT_NOFILE
#endif

/// `send(2)`, at file scope so types with their own `send` can call it.
func sendBytes(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    send(fd, bytes.baseAddress, bytes.count, sendFlags)
}

/// A new TCP socket that never raises SIGPIPE, or -1.
func makeTCPSocket() -> Int32 {
    let fd = socket(AF_INET, streamSocketType, 0)
    #if canImport(Darwin)
        var one: Int32 = 1
        if fd >= 0 { setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size)) }
    #endif
    return fd
}

//===----------------------------------------------------------------------===//
// FrameFile.swift: a file of back-to-back frames, written a frame at a time.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file of whole frames (sizes per ``FrameMix``, from a fixed seed) and what it holds.
///
/// Written through one 4 MiB buffer, with payloads cut from a 2 MiB pool of random bytes, so
/// this process stays small: the children it spawns afterwards inherit its peak RSS as the floor
/// of their own ru_maxrss (see ``RedirectedChild``). Headers are written by hand, so nothing here
/// trusts FrameCodec.
struct FrameFile {
    let path: String
    let mix: FrameMix
    /// The file's size in bytes.
    let bytes: Int
    /// How many frames and payload bytes it holds.
    let totals: StreamTotals

    /// The summary line `frames split --summary` must print for this file.
    var expectedSummary: String { "frames \(totals.frames) bytes \(totals.payloadBytes)\n" }

    static let limit = 1_048_576
    static let bufferSize = 4 << 20
    static let poolSize = 2 << 20

    /// Writes frames to `path` until the file holds at least `atLeast` bytes.
    static func create(at path: String, mix: FrameMix, atLeast target: Int, seed: UInt64) throws(BenchmarkFailure) -> FrameFile {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BenchmarkFailure("open \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var random = SplitMix64(seed: seed)
        let pool = UnsafeMutableRawBufferPointer.allocate(byteCount: poolSize, alignment: 16)
        defer { pool.deallocate() }
        for word in stride(from: 0, to: poolSize, by: 8) {
            pool.storeBytes(of: random.next(), toByteOffset: word, as: UInt64.self)
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 16)
        defer { buffer.deallocate() }

        var filled = 0
        var written = 0
        var totals = StreamTotals()
        while written + filled < target {
            let length = mix.nextLength(&random, limit: limit).length
            if filled + 5 + length > bufferSize {
                try flush(descriptor, UnsafeRawBufferPointer(rebasing: buffer[0..<filled]), path: path)
                written += filled
                filled = 0
            }
            buffer[filled] = 1
            buffer[filled + 1] = UInt8(truncatingIfNeeded: length >> 24)
            buffer[filled + 2] = UInt8(truncatingIfNeeded: length >> 16)
            buffer[filled + 3] = UInt8(truncatingIfNeeded: length >> 8)
            buffer[filled + 4] = UInt8(truncatingIfNeeded: length)
            let start = Int(random.next() % UInt64(poolSize - limit))
            let payload = UnsafeRawBufferPointer(rebasing: pool[start..<(start + length)])
            UnsafeMutableRawBufferPointer(rebasing: buffer[(filled + 5)..<(filled + 5 + length)]).copyMemory(from: payload)
            totals.add(payload)
            filled += 5 + length
        }
        try flush(descriptor, UnsafeRawBufferPointer(rebasing: buffer[0..<filled]), path: path)
        written += filled
        return FrameFile(path: path, mix: mix, bytes: written, totals: totals)
    }

    private static func flush(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(BenchmarkFailure) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, base + offset, bytes.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw BenchmarkFailure("write \(path): \(String(cString: strerror(errno)))") }
            offset += count
        }
    }
}

//===----------------------------------------------------------------------===//
// FrameStreamReader.swift: a ByteReader that generates a long stream of frames.
//===----------------------------------------------------------------------===//

import GateCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Generates `frameCount` identical frames of `payloadSize` bytes without holding the stream,
/// and samples the process's resident memory as it goes.
final class FrameStreamReader: ByteReader {
    private let frame: [UInt8]
    private let totalBytes: Int
    private var position = 0
    private var readCount = 0

    /// The largest resident set size seen while the stream was read, in bytes (0 if unknown).
    private(set) var peakResidentBytes = 0

    init(frameCount: Int, payloadSize: Int) {
        let length = UInt32(payloadSize)
        var frame: [UInt8] = [1, UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        frame += (0..<payloadSize).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        self.frame = frame
        self.totalBytes = frame.count * frameCount
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(CommandLineError) -> Int {
        readCount += 1
        if readCount % 16 == 0 { peakResidentBytes = max(peakResidentBytes, Self.residentBytes()) }
        var written = 0
        while written < buffer.count, position < totalBytes {
            let offset = position % frame.count
            let take = min(buffer.count - written, frame.count - offset)
            frame[offset..<(offset + take)].withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(rebasing: buffer[written..<(written + take)]).copyMemory(from: source)
            }
            written += take
            position += take
        }
        return written
    }

    /// The resident set size now: `/proc/self/statm` on Linux, `task_info(MACH_TASK_BASIC_INFO)` on
    /// Darwin; 0 when it cannot be read (a memory test must then fail, not pass unchecked).
    static func residentBytes() -> Int {
        #if canImport(Darwin)
            var info = mach_task_basic_info()
            var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
            let result = withUnsafeMutablePointer(to: &info) { pointer in
                pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                    // Not `mach_task_self_`: before the macOS 15.4 SDK that global has no concurrency
                    // annotation, and Swift 6 mode refuses a reference to it; the trap returns the same port.
                    task_info(task_self_trap(), task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
                }
            }
            return result == KERN_SUCCESS ? Int(info.resident_size) : 0
        #else
            return procResidentBytes()
        #endif
    }

    private static func procResidentBytes() -> Int {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var size = 0
        var resident = 0
        guard fscanf_pair(file, &size, &resident) else { return 0 }
        return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func fscanf_pair(_ file: UnsafeMutablePointer<FILE>, _ first: inout Int, _ second: inout Int) -> Bool {
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { return false }
        let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .split(separator: " ")
        guard fields.count >= 2, let size = Int(fields[0]), let resident = Int(fields[1]) else { return false }
        first = size
        second = resident
        return true
    }
}

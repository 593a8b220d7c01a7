//===----------------------------------------------------------------------===//
// ScriptedReader.swift: a ByteReader that returns given bytes in given chunk sizes.
//===----------------------------------------------------------------------===//

import GateCLI

/// Returns fixed bytes in chunks whose sizes cycle through `chunkSizes`, like a pipe that
/// delivers whatever has arrived. Can fail with an error number after the bytes run out.
final class ScriptedReader: ByteReader {
    private let bytes: [UInt8]
    private let chunkSizes: [Int]
    private let failure: Int32?
    private var offset = 0
    private var readCount = 0

    /// The largest number of bytes handed out by one read.
    private(set) var largestChunk = 0

    /// The room each read was offered (`buffer.count`), in order, including the one that found the end.
    private(set) var offeredSizes: [Int] = []

    init(_ bytes: [UInt8], chunkSizes: [Int] = [4096], failingWith failure: Int32? = nil) {
        self.bytes = bytes
        self.chunkSizes = chunkSizes.isEmpty ? [4096] : chunkSizes
        self.failure = failure
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(CommandLineError) -> Int {
        offeredSizes.append(buffer.count)
        guard offset < bytes.count else {
            if let failure { throw .readFailed(stream: "standard input", code: failure) }
            return 0
        }
        let wanted = chunkSizes[readCount % chunkSizes.count]
        readCount += 1
        let count = min(max(wanted, 1), buffer.count, bytes.count - offset)
        bytes[offset..<(offset + count)].withUnsafeBytes { source in
            buffer.copyMemory(from: source)
        }
        offset += count
        largestChunk = max(largestChunk, count)
        return count
    }
}

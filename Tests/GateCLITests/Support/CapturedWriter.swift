//===----------------------------------------------------------------------===//
// CapturedWriter.swift: a ByteWriter that keeps what was written.
//===----------------------------------------------------------------------===//

import GateCLI

/// Keeps every byte written (unless told to discard), counts writes, and can fail on demand.
final class CapturedWriter: ByteWriter {
    private let keepsBytes: Bool
    private let failure: Int32?

    private(set) var bytes: [UInt8] = []
    private(set) var byteCount = 0
    private(set) var writeCount = 0
    private(set) var largestWrite = 0

    /// - Parameters:
    ///   - keepsBytes: `false` to only count (for streams too big to keep).
    ///   - failure: an error number every write fails with.
    init(keepsBytes: Bool = true, failingWith failure: Int32? = nil) {
        self.keepsBytes = keepsBytes
        self.failure = failure
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    func write(_ chunk: UnsafeRawBufferPointer) throws(CommandLineError) {
        if let failure { throw .writeFailed(stream: "standard output", code: failure) }
        writeCount += 1
        byteCount += chunk.count
        largestWrite = max(largestWrite, chunk.count)
        if keepsBytes { bytes.append(contentsOf: chunk) }
    }
}

//===----------------------------------------------------------------------===//
// ChunkBoundaryLog.swift: a log whose token crosses the file reader's chunk boundary.
//===----------------------------------------------------------------------===//

/// Builds a log that puts a token across a chunk boundary of the file reader (TokenScan's
/// `ChunkedFileReader`, 1 MiB chunks): lines with characters of two and four bytes, so byte and
/// character counts differ, up to the boundary less `offset`, `-` padding to exactly there, then
/// ` <token><after>\n` and one more line. The token starts `offset - 1` bytes before the boundary,
/// so with `offset` under the token's length it starts in one chunk and ends in the next.
///
/// ```swift
/// let input = ChunkBoundaryLog.bytes(chunkSize: ChunkedFileReader.defaultChunkSize, offset: 12, token: token, after: " end")
/// ```
///
/// The chunk size is a parameter because this target does not depend on TokenScan.
package enum ChunkBoundaryLog {
    /// The line the log is filled with, and its last line.
    package static let line = Array("ça 😀 va, nothing here\n".utf8)

    /// The log: fill up to `chunkSize - offset` bytes, then ` <token><after>\n` and ``line``.
    package static func bytes(chunkSize: Int, offset: Int, token: String, after: String) -> [UInt8] {
        let boundary = chunkSize - offset
        var input: [UInt8] = []
        while input.count + line.count < boundary { input += line }
        input += Array(repeating: UInt8(ascii: "-"), count: boundary - input.count)
        return input + Array(" \(token)\(after)\n".utf8) + line
    }
}

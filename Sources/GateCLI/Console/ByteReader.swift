//===----------------------------------------------------------------------===//
// ByteReader.swift: where a command's input bytes come from.
//===----------------------------------------------------------------------===//

/// A source of bytes, read in chunks: standard input in the tool, scripted bytes in tests.
package protocol ByteReader {
    /// Reads the next bytes into `buffer`.
    ///
    /// - Parameter buffer: where to put them; at most `buffer.count` bytes are read.
    /// - Returns: how many bytes were read, from 1 to `buffer.count`; 0 only at the end of input.
    /// - Throws: ``CommandLineError/readFailed(stream:code:)`` when reading fails.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(CommandLineError) -> Int
}

//===----------------------------------------------------------------------===//
// ByteWriter.swift: where a command's output bytes go.
//===----------------------------------------------------------------------===//

/// A destination for bytes: standard output or error in the tool, memory in tests.
package protocol ByteWriter {
    /// Writes all of `bytes`, or throws.
    ///
    /// - Throws: ``CommandLineError/writeFailed(stream:code:)`` when writing fails.
    func write(_ bytes: UnsafeRawBufferPointer) throws(CommandLineError)
}

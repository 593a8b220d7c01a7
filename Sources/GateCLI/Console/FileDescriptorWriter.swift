//===----------------------------------------------------------------------===//
// FileDescriptorWriter.swift: writes a file descriptor with write(2).
//===----------------------------------------------------------------------===//

import GateCore

/// Writes an open file descriptor with `write(2)`, looping over short writes and retrying when a
/// signal interrupts the call.
package struct FileDescriptorWriter: ByteWriter, Sendable {
    /// The descriptor; not closed by the writer.
    package let fileDescriptor: Int32
    /// How errors name the stream: `standard output`.
    package let streamName: String

    /// Writes every byte with `write(2)`; see ``ByteWriter/write(_:)``.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(CommandLineError) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(fileDescriptor, next, remaining)
            if written < 0 {
                let code = errno
                guard code == EINTR else { throw .writeFailed(stream: streamName, code: code) }
                continue
            }
            next += written
            remaining -= written
        }
    }
}

/// `write(2)`, named apart from the method that calls it.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

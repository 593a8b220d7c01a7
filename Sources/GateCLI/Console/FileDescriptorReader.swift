//===----------------------------------------------------------------------===//
// FileDescriptorReader.swift: reads a file descriptor with read(2).
//===----------------------------------------------------------------------===//

import GateCore

/// Reads an open file descriptor with `read(2)`, retrying when a signal interrupts the call.
package struct FileDescriptorReader: ByteReader, Sendable {
    /// The descriptor; not closed by the reader.
    package let fileDescriptor: Int32
    /// How errors name the stream: `standard input`.
    package let streamName: String

    /// Reads the next bytes with `read(2)`; see ``ByteReader/read(into:)``.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(CommandLineError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = systemRead(fileDescriptor, base, buffer.count)
            if count >= 0 { return count }
            let code = errno
            guard code == EINTR else { throw .readFailed(stream: streamName, code: code) }
        }
    }
}

/// `read(2)`, named apart from the method that calls it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

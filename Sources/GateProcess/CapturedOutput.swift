// CapturedOutput.swift
//
// What was captured from one of a child's output streams.

/// What was captured from one output stream of a child.
package struct CapturedOutput: Equatable, Sendable {
    /// The bytes kept, at most the stream's limit (empty when the stream was not collected).
    package var bytes: [UInt8]
    /// Bytes read but dropped because of the limit.
    package var droppedBytes: Int
    /// True when the stream reached end of file (or was never a pipe); false when reading was cut
    /// off, or is still going on.
    package var complete: Bool

    /// Creates a capture record.
    /// - Parameters:
    ///   - bytes: the bytes kept.
    ///   - droppedBytes: bytes dropped because of the limit.
    ///   - complete: whether end of file was reached.
    package init(bytes: [UInt8], droppedBytes: Int, complete: Bool) {
        self.bytes = bytes
        self.droppedBytes = droppedBytes
        self.complete = complete
    }
}

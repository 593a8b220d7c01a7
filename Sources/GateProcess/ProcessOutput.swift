// ProcessOutput.swift
//
// Where a child's stdout or stderr goes: nowhere, a memory buffer, a line callback, or both.

/// Where one of a child's output streams (stdout or stderr) goes.
///
/// A captured stream is read on its own thread until end of file, so a child that floods both
/// streams never blocks on a full pipe. With neither collecting nor a line handler the stream is
/// connected to `/dev/null`.
package struct ProcessOutput: Sendable {
    /// Keep the bytes in memory (see `ProcessResult.stdout` / `stderr`).
    package var collects: Bool
    /// Keep at most this many bytes; later bytes are still read (so the child never blocks) but are
    /// dropped and counted. `nil` means no limit.
    package var limit: Int?
    /// Called once per line, in order, on the stream's reader thread, with the line's bytes without
    /// the trailing `\n` (a `\r` before it is kept). A last line without `\n` is delivered at end of
    /// file. A line longer than `maxLineLength` is delivered in pieces of that length.
    package var lineHandler: (@Sendable (_ line: [UInt8]) -> Void)?
    /// The longest line piece handed to `lineHandler`; bounds memory when a child never writes `\n`.
    package var maxLineLength: Int
    /// A file that receives every byte as it is read, whatever else happens to it.
    package var log: LogFile?

    /// Creates an output destination from its parts; prefer `.discard`, `.collect(limit:)` or `.lines`.
    /// - Parameters:
    ///   - collects: keep the bytes in memory.
    ///   - limit: the most bytes to keep, or `nil` for no limit.
    ///   - maxLineLength: the longest line piece handed to `lineHandler`.
    ///   - lineHandler: called once per line on a background thread.
    package init(
        collects: Bool,
        limit: Int? = nil,
        maxLineLength: Int = ProcessOutput.defaultMaxLineLength,
        lineHandler: (@Sendable (_ line: [UInt8]) -> Void)? = nil,
        log: LogFile? = nil
    ) {
        self.log = log
        self.collects = collects
        self.limit = limit
        self.maxLineLength = max(1, maxLineLength)
        self.lineHandler = lineHandler
    }

    /// The longest line piece handed to a line handler unless another is set: 16 MiB.
    package static let defaultMaxLineLength = 16 * 1024 * 1024

    /// Connect the stream to `/dev/null`.
    package static var discard: ProcessOutput { ProcessOutput(collects: false) }

    /// Keep the stream's bytes in memory, at most `limit` of them.
    /// - Parameter limit: the most bytes to keep, or `nil` for no limit.
    package static func collect(limit: Int? = nil) -> ProcessOutput {
        ProcessOutput(collects: true, limit: limit)
    }

    /// Hand every line to `handler` (on a background thread), and optionally keep the bytes too.
    /// - Parameters:
    ///   - collect: also keep the bytes in memory.
    ///   - limit: the most bytes to keep when collecting.
    ///   - handler: called once per line, without the trailing `\n`.
    package static func lines(
        collect: Bool = false,
        limit: Int? = nil,
        _ handler: @escaping @Sendable (_ line: [UInt8]) -> Void
    ) -> ProcessOutput {
        ProcessOutput(collects: collect, limit: limit, lineHandler: handler)
    }

    /// Drain the stream into `file` (which stdout and stderr may share), and hand every line to
    /// `handler` too when one is given.
    /// - Parameters:
    ///   - file: the log file.
    ///   - handler: called once per line, without the trailing `\n`, on the stream's reader thread.
    package static func log(to file: LogFile, lines handler: (@Sendable (_ line: [UInt8]) -> Void)? = nil) -> ProcessOutput {
        ProcessOutput(collects: false, lineHandler: handler, log: file)
    }

    /// True when the stream needs a pipe (something reads it) rather than `/dev/null`.
    var needsPipe: Bool { collects || lineHandler != nil || log != nil }
}

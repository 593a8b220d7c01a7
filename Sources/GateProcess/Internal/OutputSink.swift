// OutputSink.swift
//
// Receives one output stream's bytes: keeps them (up to a limit) and splits them into lines.

internal import Foundation
import GateCore

/// The receiving end of one captured stream.
///
/// Only the stream's reader thread calls `consume` and `finish`; any thread may call `snapshot`.
/// The line state is touched by the reader thread alone, the collected bytes only under the lock.
final class OutputSink: @unchecked Sendable {
    private let collects: Bool
    private let limit: Int
    private let maxLineLength: Int
    private let lineHandler: (@Sendable (_ line: [UInt8]) -> Void)?
    private let log: LogFile?

    private let lock = NSLock()
    private var collected: [UInt8] = []
    private var dropped = 0
    private var reachedEndOfFile = false

    private var pendingLine: [UInt8] = []
    /// The log's unfinished line, held back while lines are parsed (see ``writeWholeLines(_:to:)``).
    private var logPartial: [UInt8] = []

    /// Creates a sink that follows `output`'s settings.
    init(_ output: ProcessOutput) {
        collects = output.collects
        limit = max(0, output.limit ?? Int.max)
        maxLineLength = max(1, output.maxLineLength)
        lineHandler = output.lineHandler
        log = output.log
    }

    /// Takes the next chunk read from the pipe.
    func consume(_ chunk: UnsafeBufferPointer<UInt8>) {
        if let log {
            if lineHandler != nil {
                writeWholeLines(chunk, to: log)
            } else {
                log.write(UnsafeRawBufferPointer(chunk))
            }
        }
        if collects {
            lock.lock()
            let room = limit - collected.count
            let kept = min(room, chunk.count)
            if kept > 0 {
                collected.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[..<kept]))
            }
            dropped += chunk.count - kept
            lock.unlock()
        }
        if let lineHandler {
            split(chunk, into: lineHandler)
        }
    }

    /// Marks the stream finished; `reachedEndOfFile` is false when reading was cut off.
    func finish(reachedEndOfFile: Bool) {
        // The parser took the last unfinished line as a line: so does the log, or the other
        // stream's next line would be glued to it.
        if let log, !logPartial.isEmpty {
            logPartial.append(UInt8(ascii: "\n"))
            logPartial.withUnsafeBytes { log.write($0) }
            logPartial = []
        }
        if let lineHandler, !pendingLine.isEmpty {
            lineHandler(pendingLine)
            pendingLine = []
        }
        lock.lock()
        self.reachedEndOfFile = reachedEndOfFile
        lock.unlock()
    }

    /// The bytes kept so far, how many were dropped, and whether end of file was reached.
    func snapshot() -> CapturedOutput {
        lock.lock()
        defer { lock.unlock() }
        return CapturedOutput(bytes: collected, droppedBytes: dropped, complete: reachedEndOfFile)
    }

    // MARK: - Lines

    /// Writes the chunk's whole lines to the log in one write, holding back an unfinished line
    /// until its newline arrives (or it grows past `maxLineLength`, or the stream ends: then it is
    /// written as the parser got it, ended with a newline).
    ///
    /// stdout and stderr share one log, and a child's buffered stdout arrives cut mid-line: written
    /// as read, a line of stderr lands inside a line of stdout. Whole lines keep the log readable
    /// as the parser read it, so `sign` and `verify` can parse the archived copy again and get the
    /// same tests.
    private func writeWholeLines(_ chunk: UnsafeBufferPointer<UInt8>, to log: LogFile) {
        guard !chunk.isEmpty else { return }
        if let last = chunk.lastIndex(of: UInt8(ascii: "\n")) {
            let whole = UnsafeBufferPointer(rebasing: chunk[...last])
            if logPartial.isEmpty {
                log.write(UnsafeRawBufferPointer(whole))
            } else {
                logPartial.append(contentsOf: whole)
                logPartial.withUnsafeBytes { log.write($0) }
                logPartial.removeAll(keepingCapacity: true)
            }
            logPartial.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[(last + 1)...]))
        } else {
            logPartial.append(contentsOf: chunk)
        }
        // A line past `maxLineLength` reached the parser in pieces of that length: the log gets
        // the same pieces, each on a line, so the other stream cannot land inside one.
        var pieces: [UInt8] = []
        LinePieces.take(from: &logPartial, longerThan: maxLineLength) { piece in
            pieces += piece
            pieces.append(UInt8(ascii: "\n"))
        }
        if !pieces.isEmpty { pieces.withUnsafeBytes { log.write($0) } }
    }

    private func split(_ chunk: UnsafeBufferPointer<UInt8>, into handler: @Sendable ([UInt8]) -> Void) {
        guard let base = chunk.baseAddress else { return }
        var start = chunk.startIndex
        while start < chunk.endIndex {
            // memchr rather than firstIndex(of:): a flood of output is scanned at memory speed,
            // in debug builds too.
            let found = memchr(base + start, Int32(UInt8(ascii: "\n")), chunk.endIndex - start)
            if let found {
                let newline = start + (UnsafeRawPointer(found) - UnsafeRawPointer(base + start))
                pendingLine.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<newline]))
                deliverOverlongPieces(to: handler)
                handler(pendingLine)
                pendingLine.removeAll(keepingCapacity: true)
                start = newline + 1
            } else {
                pendingLine.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
                deliverOverlongPieces(to: handler)
                start = chunk.endIndex
            }
        }
    }

    /// Hands over `maxLineLength`-sized pieces while the pending line is longer than that, so a
    /// child that never writes a newline cannot make us buffer without bound.
    private func deliverOverlongPieces(to handler: @Sendable ([UInt8]) -> Void) {
        LinePieces.take(from: &pendingLine, longerThan: maxLineLength) { handler($0) }
    }
}

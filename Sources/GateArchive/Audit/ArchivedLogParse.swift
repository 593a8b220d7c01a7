//===----------------------------------------------------------------------===//
// ArchivedLogParse.swift: an archived suite log read again with the gate's own parser.
//===----------------------------------------------------------------------===//

import GateCore
import GateDigest
import GateProcess
import XCTestOutput

/// An archived suite log read once, bounded: its lines handed to ``XCTestLogParser`` as `run`
/// handed the live output (split at `\n`, a line over 16 MiB in pieces), and its SHA-256 taken
/// from the same bytes, so what is parsed is what was checked.
package struct ArchivedLogParse: Sendable {
    /// The parsed results, in the order they finished.
    package var results: [TestResult]
    /// The log's own totals and closing blocks.
    package var facts: LogFacts
    /// The SHA-256 of the bytes parsed.
    package var sha256: SHA256Digest
    /// How many bytes were parsed.
    package var size: Int

    /// The longest line piece, as `run`'s capture hands lines to its parser.
    static let maxLineLength = ProcessOutput.defaultMaxLineLength

    /// Reads the log at `path` (a plain file inside `folder`) and parses it.
    ///
    /// - Throws: ``SafeFileError`` when the file cannot be opened or read, or is over `limit`
    ///   bytes (``SafeFileError/tooLarge(path:limit:)``).
    package static func read(_ path: String, within folder: String, limit: Int) throws(SafeFileError) -> ArchivedLogParse {
        let file = try SafeFile(path: path, within: folder)
        defer { file.close() }
        guard file.size <= limit else { throw .tooLarge(path: path, limit: limit) }
        var parser = XCTestLogParser()
        var hash = SHA256()
        var size = 0
        var pending: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        func deliver(_ line: [UInt8]) {
            _ = parser.consumeAll(line: Substring(String(decoding: line, as: UTF8.self)))
        }
        while true {
            let count = try file.read(into: buffer)
            guard count > 0 else { break }
            size += count
            guard size <= limit else { throw .tooLarge(path: path, limit: limit) }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            hash.update(chunk)
            var start = 0
            while start < count {
                if let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    pending.append(contentsOf: chunk[start..<newline])
                    LinePieces.take(from: &pending, longerThan: maxLineLength, deliver)
                    deliver(pending)
                    pending.removeAll(keepingCapacity: true)
                    start = newline + 1
                } else {
                    pending.append(contentsOf: chunk[start...])
                    LinePieces.take(from: &pending, longerThan: maxLineLength, deliver)
                    start = count
                }
            }
        }
        if !pending.isEmpty { deliver(pending) }
        let results = parser.finish()
        return ArchivedLogParse(results: results, facts: parser.facts, sha256: hash.finalize(), size: size)
    }
}

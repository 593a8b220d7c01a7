//===----------------------------------------------------------------------===//
// ProgressSink.swift: progress text to standard output, flushed as it comes, from any thread.
//===----------------------------------------------------------------------===//

import Foundation

/// Hands progress text to standard output and flushes it at once, so a CI log shows each stage as
/// it ends; safe to call from the suites' reader threads.
final class ProgressSink: @unchecked Sendable {
    private let output: BufferedOutput
    private let lock = NSLock()

    /// Wraps the console's buffered standard output.
    init(output: BufferedOutput) {
        self.output = output
    }

    /// Writes `text` and flushes; a failed write is ignored (the report still records everything).
    func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        output.write(text)
        try? output.flush()
    }
}

// LogFile.swift
//
// A log file that a child's streams are drained into, chunk by chunk, as they arrive.

import GateCore

/// A file that receives a child's output as it is read (see ``ProcessOutput/log``).
///
/// stdout and stderr may share one: each chunk is written whole under a lock, so the file
/// interleaves the streams the way a terminal would. Write errors (a full disk) are counted, not
/// thrown, since the reader thread that writes must keep draining the pipe; see ``failedWrites``.
package final class LogFile: Sendable {
    /// The file's path.
    package let path: String

    private struct State {
        var descriptor: Int32
        var bytesWritten = 0
        var failedWrites = 0
    }

    private let state: Locked<State>

    /// Creates (or truncates) the file at `path` with mode 0644.
    /// - Throws: ``GateProcessError/systemCallFailed(command:call:errno:)`` naming the path when it
    ///   cannot be created.
    package init(path: String) throws(GateProcessError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .systemCallFailed(command: path, call: "open", errno: errno)
        }
        self.path = path
        self.state = Locked(State(descriptor: descriptor))
    }

    /// Writes to `descriptor`, which it now owns (closes), and names the file `path` (a file the
    /// caller created, and may have unlinked so that nothing else can open it by path).
    package init(descriptor: Int32, path: String) {
        self.path = path
        self.state = Locked(State(descriptor: descriptor))
    }

    deinit {
        close()
    }

    /// Appends `bytes` (all of them, across short writes).
    package func write(_ bytes: UnsafeRawBufferPointer) {
        state.withLock { state in
            guard state.descriptor >= 0, var base = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = systemWrite(state.descriptor, base, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    state.failedWrites += 1
                    return
                }
                left -= written
                base += written
                state.bytesWritten += written
            }
        }
    }

    /// Appends a line of text and a newline (for the gate's own notes in a child's log).
    package func writeLine(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        bytes.withUnsafeBytes { write($0) }
    }

    /// How many bytes reached the file.
    package var bytesWritten: Int { state.withLock { $0.bytesWritten } }

    /// How many writes failed (the log is incomplete when this is not zero).
    package var failedWrites: Int { state.withLock { $0.failedWrites } }

    /// Closes the file; later writes are ignored. Calling it again is harmless.
    package func close() {
        state.withLock { state in
            if state.descriptor >= 0 {
                _ = systemClose(state.descriptor)
                state.descriptor = -1
            }
        }
    }
}

/// The C `write`, out of reach of ``LogFile/write(_:)``'s own name.
private func systemWrite(_ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, base, count)
}

/// The C `close`, out of reach of ``LogFile/close()``'s own name.
private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

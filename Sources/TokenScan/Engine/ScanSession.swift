//===----------------------------------------------------------------------===//
// ScanSession.swift: scans one stream of bytes, fed in chunks of any size.
//===----------------------------------------------------------------------===//

/// Scans one file or stream fed in chunks of any size, holding at most one partial line
/// (capped at ``maximumLineLength``) between chunks, plus the first 8 KiB until it has decided
/// whether the input is binary. Lines are found with `memchr`; a line with an escape byte is
/// copied once without its ANSI sequences; PEM blocks are followed across lines.
///
/// Feed every chunk with ``feed(_:)``, then call ``finish()`` once.
package final class ScanSession {
    /// The longest line scanned whole; a longer one is scanned in pieces of this size (a secret
    /// across a piece boundary may be missed; a note says so).
    package static let maximumLineLength = ScanSessionState.maximumLineLength
    /// A NUL byte in this many leading bytes makes the input binary (skipped, with a note).
    package static let binaryProbeLength = ScanSessionState.binaryProbeLength

    /// The work, as a value (see ``ScanSessionState``).
    private var state: ScanSessionState

    /// A session for the input displayed as `displayPath`.
    init(configuration: ScanConfiguration, displayPath: String) {
        state = ScanSessionState(configuration: configuration, displayPath: displayPath)
    }

    /// Scans the next bytes of the input.
    package func feed(_ chunk: UnsafeRawBufferPointer) {
        state.feed(chunk)
    }

    /// Scans what is left (a last line without a newline, an open PEM block) and returns the
    /// result, findings sorted by line and column. The session must not be fed afterwards.
    package func finish() -> FileScanResult {
        state.finish()
    }
}

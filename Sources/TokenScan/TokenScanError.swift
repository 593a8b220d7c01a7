//===----------------------------------------------------------------------===//
// TokenScanError.swift: what can stop a file from being scanned.
//===----------------------------------------------------------------------===//

import GateCore

/// What can stop a file from being scanned. The scanner itself never fails on content: bad bytes,
/// binary files and over-long lines become ``ScanNote``s.
package enum TokenScanError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `open(2)` or `read(2)` failed with the C error `code` (`message` is the C library's text).
    case unreadable(path: String, code: Int32, message: String)
    /// The path is a folder, not a file.
    case isDirectory(path: String)
    /// `path` is not a plain file the gate may read (a FIFO, a device, a link, outside its folder).
    case refused(path: String, reason: String)
    /// The caller cancelled the scan part-way (the gate was interrupted) after `bytesScanned`
    /// bytes: the file was not scanned to its end, so no result says it is clean.
    case interrupted(path: String, bytesScanned: Int)

    /// One sentence naming the file and what to do.
    package var description: String {
        switch self {
        case let .unreadable(path, _, message):
            return "could not read '\(path)': \(message); check that it exists and that you may read it"
        case let .isDirectory(path):
            return "'\(path)' is a folder; scan the files inside it (the scan command walks folders itself)"
        case let .refused(path, reason):
            return "'\(path)' was not read: \(reason); only plain files are scanned as evidence"
        case let .interrupted(path, bytesScanned):
            return "the scan of '\(path)' was interrupted after \(bytesScanned) byte(s); the rest of it was not scanned"
        }
    }
}

extension TokenScanError: GateFailure {
    /// Exit 2 when the path the user named cannot be scanned; an interrupted scan is the
    /// infrastructure's (the caller exits 130 or 143 from its own signal).
    package var exitStatus: GateExitStatus {
        switch self {
        case .unreadable, .isDirectory, .refused: .usage
        case .interrupted: .infrastructure
        }
    }
}

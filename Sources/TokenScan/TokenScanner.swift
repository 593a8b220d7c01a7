//===----------------------------------------------------------------------===//
// TokenScanner.swift: the scanner's entry points.
//===----------------------------------------------------------------------===//

/// Scans files, byte arrays and streams for token-like secrets.
///
/// ```swift
/// let scanner = TokenScanner(configuration: ScanConfiguration(
///     allow: ["fixture-only"], fingerprintKey: ScanConfiguration.fingerprintKey(environment: env), baseline: []))
/// let result = try scanner.scan(fileAtPath: "/tmp/logs/suite.log", displayPath: "logs/suite.log")
/// print(ScanOutput.jsonl(result.findings))
/// ```
///
/// Files are read in 1 MiB chunks; memory does not grow with the file. Findings never hold the
/// secret (see ``ScanFinding``).
package struct TokenScanner: Sendable {
    /// Allowlist, fingerprint key and baseline.
    package let configuration: ScanConfiguration

    /// Creates a scanner.
    package init(configuration: ScanConfiguration) {
        self.configuration = configuration
    }

    /// A session to feed a stream (standard input, a pipe) chunk by chunk.
    package func makeSession(displayPath: String) -> ScanSession {
        ScanSession(configuration: configuration, displayPath: displayPath)
    }

    /// Scans the file at `path`, reporting it as `displayPath`.
    ///
    /// A binary file (a NUL byte in the first 8 KiB) is skipped with a note, not an error.
    /// - Throws: ``TokenScanError`` when the file cannot be opened or read, or is a folder.
    package func scan(fileAtPath path: String, displayPath: String) throws(TokenScanError) -> FileScanResult {
        let session = makeSession(displayPath: displayPath)
        try ChunkedFileReader.forEachChunk(ofFileAtPath: path) { session.feed($0) }
        return session.finish()
    }

    /// Scans bytes in memory, reporting them as `displayPath`.
    package func scan(bytes: [UInt8], displayPath: String) -> FileScanResult {
        let session = makeSession(displayPath: displayPath)
        bytes.withUnsafeBytes { session.feed($0) }
        return session.finish()
    }
}

//===----------------------------------------------------------------------===//
// TokenScanner.swift: the scanner's entry points.
//===----------------------------------------------------------------------===//

import GateCore

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
    /// - Parameter isCancelled: asked before each 1 MiB chunk; once it says so the scan stops.
    /// - Throws: ``TokenScanError`` when the file cannot be opened or read, or is a folder;
    ///   ``TokenScanError/interrupted(path:bytesScanned:)`` when cancelled part-way, since a
    ///   partial result must never pass for a clean one.
    package func scan(fileAtPath path: String, displayPath: String, isCancelled: () -> Bool = { false }) throws(TokenScanError)
        -> FileScanResult
    {
        let session = makeSession(displayPath: displayPath)
        do {
            try ChunkedFileReader.forEachChunk(ofFileAtPath: path, isCancelled: isCancelled) { session.feed($0) }
        } catch .interrupted(_, let bytes) {
            throw .interrupted(path: displayPath, bytesScanned: bytes)
        }
        return session.finish()
    }

    /// Scans the file at `path` only when it is a plain file, opened without following a link and
    /// without blocking (``SafeFile``): the gate's own evidence (captured logs, `scan.paths`) may
    /// hold a FIFO, a device or a link planted by the code under test, which must be refused, never
    /// waited on or followed; `within` also refuses a path whose real place is outside that folder.
    ///
    /// `isCancelled` is asked before each 1 MiB chunk, so a multi-gigabyte file cannot keep an
    /// interrupted gate running: it throws ``TokenScanError/interrupted(path:bytesScanned:)``.
    package func scanPlainFile(
        atPath path: String, displayPath: String, within folder: String? = nil, isCancelled: () -> Bool = { false }
    ) throws(TokenScanError) -> FileScanResult {
        let file: SafeFile
        do {
            file = try SafeFile(path: path, within: folder)
        } catch {
            throw .refused(path: displayPath, reason: error.reason)
        }
        return try scan(file: file, displayPath: displayPath, isCancelled: isCancelled)
    }

    /// Scans `file` from where it stands to its end, and closes it; `isCancelled` as in
    /// ``scanPlainFile(atPath:displayPath:within:isCancelled:)``.
    package func scan(file: SafeFile, displayPath: String, isCancelled: () -> Bool = { false }) throws(TokenScanError)
        -> FileScanResult
    {
        defer { file.close() }
        let session = makeSession(displayPath: displayPath)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ChunkedFileReader.defaultChunkSize, alignment: 64)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            if isCancelled() { throw .interrupted(path: displayPath, bytesScanned: total) }
            let count: Int
            do {
                count = try file.read(into: buffer)
            } catch {
                throw .refused(path: displayPath, reason: error.reason)
            }
            guard count > 0 else { break }
            total += count
            session.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return session.finish()
    }

    /// Scans bytes in memory, reporting them as `displayPath`.
    package func scan(bytes: [UInt8], displayPath: String) -> FileScanResult {
        let session = makeSession(displayPath: displayPath)
        bytes.withUnsafeBytes { session.feed($0) }
        return session.finish()
    }
}

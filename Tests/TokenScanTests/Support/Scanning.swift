//===----------------------------------------------------------------------===//
// Scanning.swift: small helpers to scan text in the tests.
//===----------------------------------------------------------------------===//

import TokenScan

/// The fingerprint key the tests use (a configured key, as baselines need).
let testFingerprintKey = Array("acceptance-gate-tests".utf8)

/// The scanner the tests use: the tests' key, an optional allowlist and baseline.
func makeScanner(allow: [String] = [], baseline: Set<String> = []) -> TokenScanner {
    TokenScanner(configuration: ScanConfiguration(allow: allow, fingerprintKey: testFingerprintKey, baseline: baseline))
}

/// Scans `text` as one in-memory file named `file`.
func scan(_ text: String, allow: [String] = [], baseline: Set<String> = [], file: String = "log.txt") -> FileScanResult {
    makeScanner(allow: allow, baseline: baseline).scan(bytes: Array(text.utf8), displayPath: file)
}

/// Scans `bytes` fed in chunks of `chunkSize`.
func scanInChunks(_ bytes: [UInt8], chunkSize: Int, file: String = "log.txt") -> FileScanResult {
    let session = makeScanner().makeSession(displayPath: file)
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + chunkSize)
        Array(bytes[offset..<end]).withUnsafeBytes { session.feed($0) }
        offset = end
    }
    return session.finish()
}

/// Whether `output` contains `secret` or any 12 consecutive characters of it.
func leaks(_ secret: String, in output: String) -> Bool {
    let characters = Array(secret)
    guard characters.count >= 12 else { return output.contains(secret) }
    for start in 0...(characters.count - 12) where output.contains(String(characters[start..<(start + 12)])) {
        return true
    }
    return false
}

//===----------------------------------------------------------------------===//
// ScanBaseline.swift: the fingerprints of accepted findings, read from a file's text.
//===----------------------------------------------------------------------===//

/// Reads a baseline: every `hmac-sha256:` followed by 32 hex digits in the text, so a file of
/// one fingerprint per line and a saved `--format jsonl` output both work.
package enum ScanBaseline {
    /// Every fingerprint in `text`, lowercased.
    package static func fingerprints(in text: String) -> Set<String> {
        let bytes = Array(text.utf8)
        let prefix = Array(Fingerprint.prefix.utf8)
        var found = Set<String>()
        var index = 0
        while index + prefix.count + Fingerprint.hexDigitCount <= bytes.count {
            if bytes[index] == prefix[0], Array(bytes[index..<(index + prefix.count)]) == prefix {
                let digits = bytes[(index + prefix.count)..<(index + prefix.count + Fingerprint.hexDigitCount)]
                if digits.allSatisfy({ ByteClass.isIn($0, ByteClass.hex) }) {
                    found.insert(Fingerprint.prefix + String(decoding: digits.map(ByteClass.lowercased), as: UTF8.self))
                    index += prefix.count + Fingerprint.hexDigitCount
                    continue
                }
            }
            index += 1
        }
        return found
    }
}

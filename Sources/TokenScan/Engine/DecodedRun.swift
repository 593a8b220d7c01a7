//===----------------------------------------------------------------------===//
// DecodedRun.swift: a carrier's decoded bytes, each tied to the bytes of the line it came from.
//===----------------------------------------------------------------------===//

/// The decoded text of one encoded run of a line, with, for each decoded byte, the bytes of the
/// line that encoded it, so a secret found in the decoded text is reported (and redacted) at the
/// encoded bytes it stands in.
struct DecodedRun {
    /// The decoding that made ``bytes``.
    var carrier: ScanCarrier = .base64
    /// The decoded bytes.
    var bytes: [UInt8] = []
    /// For each decoded byte, the first line byte that encoded it.
    var from: [Int] = []
    /// For each decoded byte, one past the last line byte that encoded it.
    var to: [Int] = []

    /// Empties the run for `carrier`, keeping its storage (one run is reused per session).
    mutating func reset(_ carrier: ScanCarrier) {
        self.carrier = carrier
        guard !bytes.isEmpty else { return }
        bytes.removeAll(keepingCapacity: true)
        from.removeAll(keepingCapacity: true)
        to.removeAll(keepingCapacity: true)
    }

    /// Adds a decoded byte that the line bytes `source` encoded.
    mutating func append(_ byte: UInt8, source: Range<Int>) {
        bytes.append(byte)
        from.append(source.lowerBound)
        to.append(source.upperBound)
    }

    /// The line bytes that encode the decoded bytes `range`, or `nil` for an empty or
    /// out-of-bounds range (never a trap: ranges come from what the detector read).
    func source(of range: Range<Int>) -> Range<Int>? {
        guard range.lowerBound >= 0, range.lowerBound < range.upperBound, range.upperBound <= bytes.count else { return nil }
        let lower = from[range.lowerBound]
        return lower..<max(lower, to[range.upperBound - 1])
    }
}

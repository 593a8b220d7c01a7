//===----------------------------------------------------------------------===//
// PEMBlock.swift: a private key block being read, possibly over many lines.
//===----------------------------------------------------------------------===//

import GateDigest

/// A PEM private key block being read. The body's base64 characters go straight into the HMAC;
/// only the first 4 and a count are kept. The body may span lines or sit in one JSON string with
/// literal `\n` escapes: both give the same fingerprint.
struct PEMBlock {
    /// How one stretch of body ended.
    enum Stop: Equatable {
        /// The line ran out; the body may go on.
        case lineEnd
        /// `-----END …-----` was found; the index after it.
        case footer(end: Int)
        /// A byte that belongs to no body, at this index.
        case interrupted(at: Int)
    }

    /// The longest body read before the block is closed anyway.
    static let maximumBodyLength = 1 << 20

    /// Where the header starts.
    let start: ScanSessionState.Location
    /// The bytes before the header on its line, which the block's later lines repeat when the lines
    /// of the log share a prefix (`web_1  | `): skipped there. Empty for none.
    let linePrefix: [UInt8]
    /// The running HMAC.
    private var authenticator: HMACSHA256
    /// The body's first bytes (for the preview).
    private(set) var head: [UInt8] = []
    /// Body bytes so far.
    private(set) var bodyLength = 0
    /// Distinct body bytes seen (a body of one repeated letter is a placeholder).
    private var seen = Set<UInt8>()

    /// Starts a block whose header begins at `start`, after `linePrefix` on its line.
    init(start: ScanSessionState.Location, key: [UInt8], linePrefix: [UInt8] = []) {
        self.start = start
        self.linePrefix = linePrefix
        authenticator = Fingerprint.start(key: key, rule: .privateKey)
    }

    /// Reads body bytes of `line` from `start`: base64, spaces and literal `\n`, `\r`, `\t` escapes.
    mutating func read(_ line: LineView, from start: Int) -> Stop {
        var index = start
        var pending: [UInt8] = []
        pending.reserveCapacity(min(line.count, 4096))
        defer { add(pending) }
        while index < line.count {
            let byte = line[index]
            if ByteClass.isIn(byte, ByteClass.alphanumeric | ByteClass.standardExtra) || byte == UInt8(ascii: "=") {
                pending.append(byte)
                index += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                index += 1
            } else if byte == UInt8(ascii: "\\"),
                line[index + 1] == UInt8(ascii: "n") || line[index + 1] == UInt8(ascii: "r") || line[index + 1] == UInt8(ascii: "t")
            {
                index += 2
            } else if byte == UInt8(ascii: "-"), line.matches("-----END", at: index) {
                var close = index + 8
                let limit = min(line.count, index + 64)
                while close < limit, !line.matches("-----", at: close) { close += 1 }
                return .footer(end: close < limit ? close + 5 : index + 8)
            } else {
                return .interrupted(at: index)
            }
        }
        return .lineEnd
    }

    /// Feeds body bytes to the HMAC.
    private mutating func add(_ bytes: [UInt8]) {
        guard !bytes.isEmpty, bodyLength < Self.maximumBodyLength else { return }
        authenticator.update(bytes)
        if head.count < 16 { head += bytes.prefix(16 - head.count) }
        if seen.count < 8 { seen.formUnion(bytes.prefix(64)) }
        bodyLength += bytes.count
    }

    /// Whether the block is too long to be a key, so it should be closed now.
    var isOverlong: Bool { bodyLength >= Self.maximumBodyLength }

    /// The reason to suppress the block, or `nil`: a body under 64 characters is a placeholder or
    /// a truncated example, and so is one made of a few repeated characters.
    var suppressionReason: SuppressionReason? {
        if bodyLength < 64 { return .tooShort }
        if seen.count < 8 { return .lowEntropy }
        return nil
    }

    /// The fingerprint; the block must not be used afterwards.
    mutating func fingerprint() -> String {
        Fingerprint.finish(&authenticator)
    }
}

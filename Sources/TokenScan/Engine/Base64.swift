//===----------------------------------------------------------------------===//
// Base64.swift: a lenient base64 / base64url decoder for judging candidates.
//===----------------------------------------------------------------------===//

/// Decodes standard base64 and base64url (padding optional) without Foundation, for judging
/// candidates: JWT parts, Basic credentials, base64 that is only ordinary text.
enum Base64 {
    /// The 6-bit value of `byte` in either alphabet, or `nil`.
    private static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// The decoded bytes, or `nil` when `text` has a byte outside both alphabets (after padding is
    /// removed) or a length no encoding produces.
    static func decode(_ text: [UInt8]) -> [UInt8]? {
        var end = text.count
        while end > 0, text[end - 1] == UInt8(ascii: "=") { end -= 1 }
        guard end % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(end * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in text[0..<end] {
            guard let six = value(byte) else { return nil }
            accumulator = (accumulator << 6) | UInt32(six)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }

    /// Whether `text` decodes to something that starts with `{` and ends with `}` (spaces aside).
    static func decodesToJSONObject(_ text: [UInt8]) -> Bool {
        guard let decoded = decode(text) else { return false }
        let trimmed = decoded.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard trimmed.first == UInt8(ascii: "{") else { return false }
        // A truncated payload still counts if it looks like JSON text: printable and quoted keys.
        return trimmed.allSatisfy { $0 >= 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 } && trimmed.contains(UInt8(ascii: "\""))
    }

    /// Whether `text` is base64 of ordinary text: it decodes, is at least 12 bytes, every decoded
    /// byte is printable ASCII or whitespace, and it has a space.
    static func isEncodedText(_ text: [UInt8]) -> Bool {
        guard text.count >= 16, let decoded = decode(text), decoded.count >= 12 else { return false }
        return decoded.contains(0x20) && decoded.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }
    }
}

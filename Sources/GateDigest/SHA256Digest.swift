//===----------------------------------------------------------------------===//
// SHA256Digest.swift: a 32-byte SHA-256 value and its hex spelling.
//===----------------------------------------------------------------------===//

/// A SHA-256 digest (32 bytes), also used for HMAC-SHA-256 tags.
package struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    /// The 32 digest bytes.
    package let bytes: [UInt8]

    /// Wraps 32 bytes computed by libsodium.
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses 64 hex digits (either case), or `nil` when `hex` is anything else.
    package init?(hex: some StringProtocol) {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        var index = 0
        while index < 64 {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.bytes = bytes
    }

    /// The digest as 64 lowercase hex digits, as `sha256sum` prints it.
    package var hex: String {
        Self.hex(bytes)
    }

    /// Same as ``hex``.
    package var description: String { hex }

    /// `bytes` as lowercase hex digits.
    package static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The value of one hex digit, or `nil`.
    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

//===----------------------------------------------------------------------===//
// HexCodec.swift: hex text to bytes and back, for untrusted text and the hot path.
//===----------------------------------------------------------------------===//

/// Lowercase hex out, either case in. Decoding never traps: bad text gives `nil`.
package enum HexCodec {
    private static let digits = Array("0123456789abcdef".utf8)

    /// For every byte value, its two lowercase hex digits packed so that storing the `UInt16`
    /// writes the high digit first on any byte order.
    private static let pairs: [UInt16] = (0...255).map { value -> UInt16 in
        let high = UInt16(digits[value >> 4])
        let low = UInt16(digits[value & 0xF])
        return UInt16(littleEndian: high | low << 8)
    }

    /// Lowercase hex of `bytes`, two digits a byte, no separators.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.underestimatedCount * 2)
        append(bytes, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the lowercase hex of `bytes` to `out` as ASCII.
    package static func append(_ bytes: some Sequence<UInt8>, to out: inout [UInt8]) {
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
    }

    /// Writes the lowercase hex of `count` bytes from `source` to `destination`, which must have
    /// room for `2 * count` bytes: the hot path of `frames split`.
    ///
    /// - Parameters:
    ///   - source: the bytes to encode.
    ///   - count: how many.
    ///   - destination: where the `2 * count` digits go.
    package static func encode(_ source: UnsafePointer<UInt8>, count: Int, into destination: UnsafeMutableRawPointer) {
        pairs.withUnsafeBufferPointer { table in
            guard let table = table.baseAddress else { return }
            var offset = 0
            for index in 0..<count {
                // The table has 256 entries, so any byte indexes it.
                destination.storeBytes(of: table[Int(source[index])], toByteOffset: offset, as: UInt16.self)
                offset &+= 2
            }
        }
    }

    /// The bytes of hex `text` (upper or lower case, no separators), or `nil` when it has an odd
    /// number of digits or a character that is not a hex digit.
    package static func decode(_ text: some StringProtocol) -> [UInt8]? {
        decode(bytes: Array(text.utf8))
    }

    /// The bytes of the hex digits `utf8`, or `nil` as ``decode(_:)``.
    package static func decode(bytes utf8: [UInt8]) -> [UInt8]? {
        guard utf8.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var index = 0
        while index + 1 < utf8.count {
            guard let high = value(of: utf8[index]), let low = value(of: utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// The value of one ASCII hex digit (either case), or `nil`.
    package static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

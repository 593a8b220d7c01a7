//===----------------------------------------------------------------------===//
// HexDigits.swift: lookup tables for hex encoding and decoding.
//===----------------------------------------------------------------------===//

/// Lookup tables for lowercase hex encoding and case-insensitive decoding.
package enum HexDigits {
    // MARK: - Encoding

    /// For every byte value, its two lowercase hex digits packed so that storing the `UInt16`
    /// writes the high digit first on any byte order.
    private static let pairs: [UInt16] = (0...255).map { value -> UInt16 in
        let digits = Array("0123456789abcdef".utf8)
        let high = UInt16(digits[value >> 4])
        let low = UInt16(digits[value & 0xF])
        return UInt16(littleEndian: high | low << 8)
    }

    /// Writes the lowercase hex of `count` bytes from `source` to `destination`, which must have
    /// room for `2 * count` bytes. This is the hot path of `frames split`.
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

    /// The lowercase hex of `bytes`, as a string (for messages and tests; not for bulk output).
    package static func string(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    // MARK: - Decoding

    /// For every byte value, the digit's value 0...15, or 0xFF when it is not a hex digit.
    private static let values: [UInt8] = (0...255).map { value -> UInt8 in
        switch UInt8(value) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(value) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(value) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(value) - UInt8(ascii: "A") + 10
        default: 0xFF
        }
    }

    /// The value of a hex digit in either case, or `nil` when `byte` is not one.
    @inline(__always)
    package static func value(of byte: UInt8) -> UInt8? {
        // The table has 256 entries, so any byte indexes it.
        let value = values[Int(byte)]
        return value == 0xFF ? nil : value
    }
}

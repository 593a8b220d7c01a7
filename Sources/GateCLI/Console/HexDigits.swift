//===----------------------------------------------------------------------===//
// HexDigits.swift: the lookup table for hex encoding on the hot path.
//===----------------------------------------------------------------------===//

/// The lookup table for lowercase hex encoding on the `frames split` hot path. (Decoding a digit
/// is `HexCodec.value(of:)` from FrameConformance.)
package enum HexDigits {
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
}

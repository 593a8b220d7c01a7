//===----------------------------------------------------------------------===//
// FrameFormat.swift: the constants of the binary frame wire format.
//===----------------------------------------------------------------------===//

/// The constants of the binary frame wire format.
///
/// ```
///  0        1                 5                         5 + length
///  +--------+-----------------+-------------------------+
///  | 0x01   | length (UInt32, | payload (length bytes)  |
///  | version|  big-endian)    |                         |
///  +--------+-----------------+-------------------------+
/// ```
///
/// A frame is exactly `headerSize + length` bytes. The length may be at most the
/// decoder's limit (``defaultLimit`` unless configured).
public enum FrameFormat {
    /// The only valid version byte.
    public static let version: UInt8 = 1

    /// Bytes before the payload: one version byte and a 4-byte length.
    public static let headerSize = 5

    /// The default payload limit: 1 MiB (1,048,576 bytes).
    public static let defaultLimit = 1_048_576

    /// The largest limit that can be configured: the largest value the 4-byte length field can hold
    /// (less the header on platforms where `Int` is 32 bits wide, so `limit + 5` never overflows).
    public static let maximumLimit = min(Int(clamping: UInt32.max), Int.max - headerSize)

    /// The valid range for a payload limit.
    public static let limitRange = 0...maximumLimit

    /// `limit`, or a trap when it is outside ``limitRange``: the one check of every codec's
    /// initialiser, where a limit out of range is the caller's programming error.
    static func checkedLimit(_ limit: Int) -> Int {
        precondition(limitRange.contains(limit), "frame limit \(limit) is outside 0...\(maximumLimit)")
        return limit
    }
}

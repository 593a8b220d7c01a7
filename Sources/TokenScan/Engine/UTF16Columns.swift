//===----------------------------------------------------------------------===//
// UTF16Columns.swift: UTF-16 code units of UTF-8 bytes, for SARIF's columns.
//===----------------------------------------------------------------------===//

/// Counts the UTF-16 code units that UTF-8 bytes decode to, as SARIF's `utf16CodeUnits` columns
/// need: one per character, two for a character beyond U+FFFF (a four-byte sequence). A stray
/// continuation byte counts as nothing, a lone lead byte as one unit.
enum UTF16Columns {
    /// The code units of `bytes`.
    static func count(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var units = 0
        for byte in bytes where byte & 0xC0 != 0x80 {
            units += byte >= 0xF0 ? 2 : 1
        }
        return units
    }
}

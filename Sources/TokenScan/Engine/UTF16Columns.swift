//===----------------------------------------------------------------------===//
// UTF16Columns.swift: UTF-16 code units of UTF-8 bytes, for SARIF's columns.
//===----------------------------------------------------------------------===//

/// Counts the UTF-16 code units that UTF-8 bytes decode to, as SARIF's `utf16CodeUnits` columns
/// need: one per character, two for a character beyond U+FFFF (a four-byte sequence). A stray
/// continuation byte counts as nothing, a lone lead byte as one unit.
package enum UTF16Columns {
    /// The code units of `bytes`.
    static func count(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        var units = 0
        for byte in bytes where byte & 0xC0 != 0x80 {
            units += byte >= 0xF0 ? 2 : 1
        }
        return units
    }

    /// The byte offset in `line` (the line as read, without its line break) where the 1-based
    /// UTF-16 `column` a finding names begins, counted as ``count(_:)`` counts; `line.count` when the
    /// column lies past the end. The archive uses it to replace a finding at its exact span.
    package static func byteOffset(ofColumn column: Int, in line: [UInt8]) -> Int {
        var units = 0
        for (index, byte) in line.enumerated() where byte & 0xC0 != 0x80 {
            if units >= column - 1 { return index }
            units += byte >= 0xF0 ? 2 : 1
        }
        return line.count
    }
}

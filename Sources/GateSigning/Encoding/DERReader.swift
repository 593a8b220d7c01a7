//===----------------------------------------------------------------------===//
// DERReader.swift: a bounds-checked reader of DER tag-length-value items.
//===----------------------------------------------------------------------===//

/// Reads DER items (tag, definite minimal length, value) from untrusted bytes without trapping.
///
/// Only what key files need: single-byte tags and lengths below 64 KiB.
struct DERReader {
    /// The bytes being read.
    private let bytes: [UInt8]
    /// The next unread byte.
    private var index: Int
    /// One past the last byte this reader may read.
    private let end: Int

    /// A reader over all of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.index = 0
        self.end = bytes.count
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { index >= end }

    /// The tag of the next item, or `nil` at the end.
    var nextTag: UInt8? { index < end ? bytes[index] : nil }

    /// Reads one item with `tag` and returns a reader over its value.
    ///
    /// - Parameter what: the item's name for the failure message.
    /// - Throws: ``ParseFailure`` when the tag differs, the length is malformed or not minimal,
    ///   or the value runs past the enclosing item.
    mutating func read(tag: UInt8, _ what: String) throws(ParseFailure) -> DERReader {
        guard index < end else { throw ParseFailure("it ends where \(what) was expected") }
        guard bytes[index] == tag else {
            throw ParseFailure("\(what) was expected (DER tag 0x\(Self.hex(tag))) but tag 0x\(Self.hex(bytes[index])) was found")
        }
        var cursor = index + 1
        guard cursor < end else { throw ParseFailure("\(what) has no length") }
        let first = bytes[cursor]
        cursor += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count == 1 || count == 2 else { throw ParseFailure("\(what) has an unsupported DER length") }
            guard cursor + count <= end else { throw ParseFailure("\(what) is truncated") }
            for offset in 0..<count {
                length = length << 8 | Int(bytes[cursor + offset])
            }
            cursor += count
            let minimal = count == 1 ? length >= 0x80 : length > 0xFF
            guard minimal else { throw ParseFailure("\(what) has a non-minimal DER length") }
        }
        guard length <= end - cursor else { throw ParseFailure("\(what) is truncated") }
        index = cursor + length
        return DERReader(bytes: bytes, index: cursor, end: cursor + length)
    }

    /// The unread bytes.
    var remaining: [UInt8] {
        index < end ? Array(bytes[index..<end]) : []
    }

    /// A reader over `bytes[index..<end]`.
    private init(bytes: [UInt8], index: Int, end: Int) {
        self.bytes = bytes
        self.index = index
        self.end = end
    }

    /// Two lowercase hex digits.
    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }
}

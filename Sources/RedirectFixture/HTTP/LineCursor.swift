//===----------------------------------------------------------------------===//
// LineCursor.swift: walks the CRLF-terminated lines of a request head.
//===----------------------------------------------------------------------===//

/// Walks the CRLF-terminated lines of `bytes[position..<end]`, yielding each line's range
/// without its CRLF. A line that runs to `end` without CRLF is yielded as it is.
struct LineCursor {
    /// The bytes.
    let bytes: [UInt8]
    /// The start of the next line.
    private(set) var position: Int
    /// One past the last byte to walk.
    let end: Int

    /// Walks `bytes[position..<end]`, clamped to the bytes there are.
    init(bytes: [UInt8], position: Int, end: Int) {
        self.bytes = bytes
        self.end = min(max(0, end), bytes.count)
        self.position = min(max(0, position), self.end)
    }

    /// The next line's range, or `nil` at the end.
    mutating func next() -> Range<Int>? {
        guard position < end else { return nil }
        let start = position
        var index = position
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                position = index + 1
                let lineEnd = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                return start..<lineEnd
            }
            index += 1
        }
        position = end
        return start..<end
    }
}

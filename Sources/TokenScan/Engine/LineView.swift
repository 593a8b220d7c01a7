//===----------------------------------------------------------------------===//
// LineView.swift: one line's bytes with reads that cannot go out of bounds.
//===----------------------------------------------------------------------===//

/// One line (no newline, ANSI escapes removed) with bounds-safe reads: any index outside the line
/// reads as 0, which belongs to no class, so every check can look around freely.
struct LineView {
    /// The bytes.
    let bytes: UnsafeBufferPointer<UInt8>

    /// The byte count.
    var count: Int { bytes.count }

    /// The byte at `index`, or 0 outside the line.
    @inline(__always)
    subscript(_ index: Int) -> UInt8 {
        // One unsigned compare covers both bounds (a negative index is a huge unsigned one).
        UInt(bitPattern: index) < UInt(bitPattern: bytes.count) ? bytes[index] : 0
    }

    /// Whether the bytes at `index` spell `text` exactly.
    func matches(_ text: StaticString, at index: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index >= 0, index + length <= count else { return false }
        let pattern = text.utf8Start
        for offset in 0..<length where bytes[index + offset] != pattern[offset] {
            return false
        }
        return true
    }

    /// Whether the bytes at `index` are `bytes` exactly.
    func matches(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + bytes.count <= count else { return false }
        for offset in 0..<bytes.count where self.bytes[index + offset] != bytes[offset] {
            return false
        }
        return true
    }

    /// Whether the bytes at `index` are `bytes`, ignoring ASCII case (`bytes` in lowercase).
    func matchesIgnoringCase(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + bytes.count <= count else { return false }
        for offset in 0..<bytes.count where ByteClass.lowercased(self.bytes[index + offset]) != bytes[offset] {
            return false
        }
        return true
    }

    /// Whether the line contains `bytes` anywhere, ignoring ASCII case (`bytes` in lowercase).
    func containsIgnoringCase(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first, count >= bytes.count else { return false }
        var index = 0
        while index + bytes.count <= count {
            if ByteClass.lowercased(self.bytes[index]) == first, matchesIgnoringCase(bytes, at: index) { return true }
            index += 1
        }
        return false
    }

    /// The first index of `byte` in `range` (clamped to the line), or `nil`.
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        var index = max(range.lowerBound, 0)
        let end = min(range.upperBound, count)
        while index < end {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Whether the bytes at `index` spell `text`, ignoring ASCII case (`text` in lowercase).
    func matchesIgnoringCase(_ text: StaticString, at index: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index >= 0, index + length <= count else { return false }
        let pattern = text.utf8Start
        for offset in 0..<length where ByteClass.lowercased(bytes[index + offset]) != pattern[offset] {
            return false
        }
        return true
    }

    /// How many bytes from `start` are in `classes` (or equal `extra`), stopping at `limit` bytes.
    func run(from start: Int, classes: UInt8, extra: UInt8 = 0, limit: Int = Int.max) -> Int {
        var index = max(start, 0)
        let end = count - index > limit ? index + limit : count
        while index < end {
            let byte = bytes[index]
            guard ByteClass.isIn(byte, classes) || (extra != 0 && byte == extra) else { break }
            index += 1
        }
        return index - max(start, 0)
    }

    /// Whether the line contains `text` anywhere, ignoring ASCII case (`text` in lowercase).
    func containsIgnoringCase(_ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard length > 0, count >= length else { return false }
        let first = text.utf8Start[0]
        var index = 0
        while index + length <= count {
            if ByteClass.lowercased(bytes[index]) == first, matchesIgnoringCase(text, at: index) { return true }
            index += 1
        }
        return false
    }

    /// Replaces the contents of `buffer` with the bytes in `range` (clamped to the line), keeping
    /// its capacity.
    func copy(_ range: Range<Int>, into buffer: inout [UInt8]) {
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lower..<upper]))
    }

    /// The bytes in `range` (clamped to the line) as an array.
    func slice(_ range: Range<Int>) -> [UInt8] {
        let lower = min(max(range.lowerBound, 0), count)
        let upper = min(max(range.upperBound, lower), count)
        return Array(bytes[lower..<upper])
    }
}

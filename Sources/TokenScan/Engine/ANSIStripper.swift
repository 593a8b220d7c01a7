//===----------------------------------------------------------------------===//
// ANSIStripper.swift: removes ANSI colour and escape sequences from a line.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes ANSI escape sequences (CSI `ESC [ … final`, OSC `ESC ] … BEL` or `ESC \`, and two-byte
/// `ESC x`) so that a coloured token still matches. Columns of findings refer to the stripped line.
enum ANSIStripper {
    /// The escape byte.
    static let escape: UInt8 = 0x1B

    /// Writes `line` without escape sequences to the front of `output`, which is grown to at least
    /// `line.count` bytes (never shrunk, so it is allocated once per session, not per line), and
    /// returns how many bytes were written. Runs between escapes are copied with `memchr` and one
    /// block copy each.
    static func strip(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Int {
        if output.count < line.count { output = [UInt8](repeating: 0, count: max(line.count, output.count * 2)) }
        guard let source = line.baseAddress else { return 0 }
        return output.withUnsafeMutableBufferPointer { target -> Int in
            // `written` ≤ `index` ≤ `line.count` ≤ `target.count` throughout.
            guard let destination = target.baseAddress else { return 0 }
            var written = 0
            var index = 0
            let count = line.count
            while index < count {
                var runEnd = count
                if let found = memchr(source + index, Int32(escape), count - index) {
                    runEnd = UnsafeRawPointer(found) - UnsafeRawPointer(source)
                }
                if runEnd > index {
                    (destination + written).update(from: source + index, count: runEnd - index)
                    written += runEnd - index
                }
                index = runEnd + 1
                guard runEnd < count, index < count else { break }
                skipSequence(line, &index)
            }
            return written
        }
    }

    /// The index in `line` of the byte that is at `offset` once escape sequences are removed; with
    /// `isEnd`, `offset` is one past a range, and the index is right after that range's last byte.
    /// Walks the line again, so it is for findings only, not for every line.
    static func rawIndex(of offset: Int, in line: UnsafeBufferPointer<UInt8>, isEnd: Bool) -> Int {
        var index = 0
        var plain = 0
        let count = line.count
        while index < count {
            var runEnd = index
            while runEnd < count, line[runEnd] != escape { runEnd += 1 }
            let run = runEnd - index
            if offset < plain + run || (isEnd && offset == plain + run) { return index + (offset - plain) }
            plain += run
            index = runEnd + 1
            guard runEnd < count, index < count else { break }
            skipSequence(line, &index)
        }
        return count
    }

    /// Moves `index` from the byte after an escape past the rest of its sequence (`index` < count).
    private static func skipSequence(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
        let count = line.count
        let kind = line[index]
        index += 1
        if kind == UInt8(ascii: "[") {
            // Parameters and intermediates, then one final byte in 0x40...0x7E.
            while index < count, line[index] >= 0x20, line[index] <= 0x3F { index += 1 }
            if index < count, line[index] >= 0x40, line[index] <= 0x7E { index += 1 }
        } else if kind == UInt8(ascii: "]") {
            while index < count {
                if line[index] == 0x07 {
                    index += 1
                    return
                }
                if line[index] == escape, index + 1 < count, line[index + 1] == UInt8(ascii: "\\") {
                    index += 2
                    return
                }
                index += 1
            }
        }
    }
}

//===----------------------------------------------------------------------===//
// ANSIStripper.swift: removes ANSI colour and escape sequences from a line.
//===----------------------------------------------------------------------===//

/// Removes ANSI escape sequences (CSI `ESC [ … final`, OSC `ESC ] … BEL` or `ESC \`, and two-byte
/// `ESC x`) so that a coloured token still matches. Columns of findings refer to the stripped line.
enum ANSIStripper {
    /// The escape byte.
    static let escape: UInt8 = 0x1B

    /// Writes `line` without escape sequences into `output` (which is emptied first).
    static func strip(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        output.removeAll(keepingCapacity: true)
        var index = 0
        let count = line.count
        while index < count {
            let byte = line[index]
            guard byte == escape else {
                output.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < count else { break }
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
                        break
                    }
                    if line[index] == escape, index + 1 < count, line[index + 1] == UInt8(ascii: "\\") {
                        index += 2
                        break
                    }
                    index += 1
                }
            }
        }
    }
}

//===----------------------------------------------------------------------===//
// ANSIStripper.swift: removes ANSI colour and escape sequences from a line.
//===----------------------------------------------------------------------===//

import GateCore

/// Removes terminal escape sequences as ``ANSIEscapes`` defines them (the definition the console
/// parser and the report share), so that a coloured token still matches. Columns of findings
/// refer to the stripped line.
enum ANSIStripper {
    /// The escape byte.
    static let escape: UInt8 = 0x1B

    /// Writes `line` without escape sequences to the front of `output`, which is grown to at least
    /// `line.count` bytes (never shrunk, so it is allocated once per session, not per line), and
    /// returns how many bytes were written. Runs between escapes are copied with `memchr` and one
    /// block copy each.
    static func strip(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Int {
        ANSIEscapes.strip(line, into: &output)
    }

    /// The index in the raw line of byte `offset` of its stripped form.
    static func rawIndex(of offset: Int, in line: UnsafeBufferPointer<UInt8>, isEnd: Bool) -> Int {
        ANSIEscapes.rawIndex(of: offset, in: line, isEnd: isEnd)
    }
}

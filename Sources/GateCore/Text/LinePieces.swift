//===----------------------------------------------------------------------===//
// LinePieces.swift: a line too long to hand over whole, cut into pieces of one length.
//===----------------------------------------------------------------------===//

/// How a line longer than a reader takes is handed over: in pieces of exactly `length` bytes
/// from its start, the rest kept until more arrives or the line ends. The capture of a child's
/// output and the re-reading of its archived log cut the same way, so both see the same lines.
package enum LinePieces {
    /// Hands `line`'s leading pieces of `length` bytes to `body` while more than `length` bytes
    /// are left, and keeps the rest in `line`.
    package static func take(from line: inout [UInt8], longerThan length: Int, _ body: ([UInt8]) -> Void) {
        guard line.count > length else { return }
        var offset = 0
        while line.count - offset > length {
            body(Array(line[offset..<(offset + length)]))
            offset += length
        }
        line.removeFirst(offset)
    }
}

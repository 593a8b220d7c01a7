//===----------------------------------------------------------------------===//
// ANSIEscapes.swift: the one definition of a terminal escape sequence.
//===----------------------------------------------------------------------===//

/// Terminal escape sequences (ECMA-48) as the console parser, the leak scanner and the report all
/// remove them, so a line means the same to each: CSI (`ESC [` … final byte, and the single-byte
/// CSI U+009B, UTF-8 `C2 9B`), string commands (OSC `ESC ]`, DCS `ESC P`, SOS, PM, APC) up to BEL
/// or `ESC \`, character-set designations such as `ESC ( B` (what `tput sgr0` prints), and other
/// two-byte escapes (`ESC 7`, `ESC =`). An unterminated sequence runs to the end of the line.
package enum ANSIEscapes {
    /// ESC.
    package static let escape: UInt8 = 0x1B
    /// The second byte of U+009B (CSI) in UTF-8; the first is 0xC2.
    package static let csiTrail: UInt8 = 0x9B

    /// Where the escape sequence that starts at `start` ends (the index after it), or `nil` when
    /// no sequence starts there.
    package static func sequenceEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = bytes.count
        guard start < count else { return nil }
        if bytes[start] == 0xC2, start + 1 < count, bytes[start + 1] == csiTrail {
            return controlSequenceEnd(in: bytes, from: start + 2)
        }
        guard bytes[start] == escape else { return nil }
        var index = start + 1
        guard index < count else { return count }
        let kind = bytes[index]
        index += 1
        switch kind {
        case UInt8(ascii: "["):
            return controlSequenceEnd(in: bytes, from: index)
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            while index < count {
                if bytes[index] == 0x07 { return index + 1 }
                if bytes[index] == escape, index + 1 < count, bytes[index + 1] == UInt8(ascii: "\\") { return index + 2 }
                index += 1
            }
            return count
        case 0x20...0x2F:
            // Intermediates (`(`, `)`, `#`, …), then one final byte: `ESC ( B`.
            while index < count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
            return index < count ? index + 1 : count
        default:
            return index
        }
    }

    /// Parameters and intermediates, then one final byte in 0x40...0x7E.
    private static func controlSequenceEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        if index < bytes.count, (0x40...0x7E).contains(bytes[index]) { index += 1 }
        return index
    }

    /// Whether `bytes` may hold a sequence (an ESC, or the UTF-8 trail byte of U+009B): the cheap
    /// test before ``strip(_:into:)``.
    package static func mayContainSequence(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        return memchr(base, Int32(escape), bytes.count) != nil || memchr(base, Int32(csiTrail), bytes.count) != nil
    }

    /// Copies `line` without its escape sequences into `output` (grown when too small) and
    /// returns how many bytes it wrote.
    package static func strip(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Int {
        if output.count < line.count { output = [UInt8](repeating: 0, count: max(line.count, output.count * 2)) }
        guard let source = line.baseAddress else { return 0 }
        let count = line.count
        var written = 0
        var index = 0
        output.withUnsafeMutableBufferPointer { target in
            guard let destination = target.baseAddress else { return }
            while index < count {
                // The plain run up to the next byte that can start a sequence (ESC, or C2 of
                // U+009B), copied at memory speed: the scanner strips every coloured line.
                var next = count
                if let found = memchr(source + index, Int32(escape), count - index) {
                    next = UnsafeRawPointer(found) - UnsafeRawPointer(source)
                }
                if let found = memchr(source + index, 0xC2, next - index) {
                    next = UnsafeRawPointer(found) - UnsafeRawPointer(source)
                }
                if next > index {
                    (destination + written).update(from: source + index, count: next - index)
                    written += next - index
                }
                guard next < count else { break }
                if let end = sequenceEnd(in: line, from: next) {
                    index = end
                } else {
                    destination[written] = source[next]
                    written += 1
                    index = next + 1
                }
            }
        }
        return written
    }

    /// The index in `line` of byte `offset` of its stripped form (``strip(_:into:)``); with
    /// `isEnd`, an offset just past a run maps to the end of that run rather than past the
    /// sequence after it.
    package static func rawIndex(of offset: Int, in line: UnsafeBufferPointer<UInt8>, isEnd: Bool) -> Int {
        var plain = 0
        var index = 0
        while index < line.count {
            if let end = sequenceEnd(in: line, from: index) {
                if isEnd && plain == offset { return index }
                index = end
                continue
            }
            if plain == offset { return index }
            plain += 1
            index += 1
        }
        return line.count
    }

    /// `text` without escape sequences.
    package static func strip(_ text: String) -> String {
        var bytes = Array(text.utf8)
        let mayHold = bytes.withUnsafeBufferPointer { mayContainSequence($0) }
        guard mayHold else { return text }
        var output: [UInt8] = []
        let written = bytes.withUnsafeBufferPointer { strip($0, into: &output) }
        bytes = Array(output.prefix(written))
        return String(decoding: bytes, as: UTF8.self)
    }
}

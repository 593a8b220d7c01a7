//===----------------------------------------------------------------------===//
// CarrierDecoder.swift: finds and decodes the encoded runs of a line that may carry a token.
//===----------------------------------------------------------------------===//

import GateCore

/// Finds the runs of a line that could carry a token in disguise and decodes them, bounded: only
/// runs of the carrier's alphabet long enough to hold a token, decoded text capped at
/// ``maximumDecodedLength``, and never decoded again (depth 1). Base64 and hex runs must decode to
/// printable ASCII (a body, a JSON dump), which random bytes (digests, keys, paths read as base64)
/// fail within a byte or two, so most runs cost a few reads.
enum CarrierDecoder {
    /// The shortest run decoded: a GitHub token (40 bytes) takes 54 characters in base64, 80 in hex
    /// and 120 or more with every byte escaped. Shorter runs (git SHAs, the base64 of a lone
    /// 20-byte key, a token with only its `_` escaped) are left, which keeps most digests and paths
    /// unread.
    static let minimumRunLength = 54
    /// Runs are sampled every this many bytes: a run of twice this length holds two samples in a row.
    static let stride = minimumRunLength / 2
    /// The most bytes one run decodes to.
    static let maximumDecodedLength = 1 << 16

    /// The next run of `line` from `start` of carrier characters (base64 of either alphabet, which
    /// holds hex, and the escapes `%` and `\\`) at least ``minimumRunLength`` long that holds an
    /// escape or starts like hex or base64 of text (``mayCarryText(_:at:)``), or `nil`: the only
    /// runs ``decode(_:_:into:)`` can read.
    ///
    /// Samples every ``stride`` bytes: a run of ``minimumRunLength`` holds two samples in a row and
    /// the bytes between them. Where two samples in a row are in the alphabet and the 8 bytes
    /// before the second hold no space or quote, the 24 bytes before the second are tested on text
    /// (``mayCarryText(_:at:)``). Hex or base64 of text passes that test wherever it is read in
    /// its run, so a run whose window fails cannot decode, unless it holds an escape: the window is
    /// passed over when the line holds none. A window that reaches before its run's start may fail
    /// when the run would pass; such a run of ``minimumRunLength`` reaches past the next sample, so
    /// the next pair tests it whole. Only a window that passes, or a line with an escape, has its
    /// run measured, a word at a time, noting its escapes as it goes. So lines without a long run
    /// cost a read and three operations every ``stride`` bytes, and the long runs of logs (paths,
    /// digests, UUIDs) a test on text a sample.
    ///
    /// - Parameter lineEscapes: whether the line holds `%` or `\\`: `nil` until a window fails the
    ///   test on text, when the line is searched, then kept for the line's next runs (the scanner
    ///   passes `false` for a line its chunk search found none in).
    static func nextRun(in line: LineView, from start: Int, escapes lineEscapes: inout Bool?) -> Range<Int>? {
        let bytes = line.bytes
        let count = bytes.count
        guard start >= 0, count - start >= minimumRunLength, let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        // Whether the previous sample was a carrier character, then whether it and this one were,
        // with no space or quote in the 8 bytes before this one: computed without a branch, as in
        // most lines a branch on each sample would be a coin toss.
        var pair = isRunByte(bytes[start]) ? 1 : 0
        var position = start &+ stride
        while position < count {
            let sample = bytes[position]
            let isIn = isRunByte(sample) ? 1 : 0
            pair &= isIn & (hasSeparator(word(raw, at: position &- 8)) ? 0 : 1)
            guard pair != 0 else {
                pair = isIn
                position &+= stride
                continue
            }
            if !mayCarryText(raw, at: position &- 24) {
                if lineEscapes == nil { lineEscapes = hasEscape(line) }
                guard lineEscapes == true else {
                    position &+= stride
                    continue
                }
            }
            var escapes = false
            let first = runStart(raw, bytes, below: position &+ 1, floor: start, escapes: &escapes)
            let end = runEnd(raw, bytes, from: position &+ 1, escapes: &escapes)
            if end &- first >= minimumRunLength, escapes || mayCarryText(raw, at: first) { return first..<end }
            // No part of this run can be read: sampling starts again after its end.
            pair = 0
            position = end &+ stride
        }
        return nil
    }

    /// Whether one of the 8 bytes of `word` is below `%` (a space, a quote, a control byte), which
    /// no carrier holds: the first test of a pair of samples, three operations. A true answer is
    /// exact; a false one leaves the other separators (`.`, `:`, `=`) to the tests after it.
    @inline(__always)
    private static func hasSeparator(_ word: UInt64) -> Bool {
        (word &- 0x2525_2525_2525_2525) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// Whether `line` holds `%` or `\\`: two `memchr`s, asked at most once a line.
    private static func hasEscape(_ line: LineView) -> Bool {
        guard let base = line.bytes.baseAddress else { return false }
        return memchr(base, Int32(UInt8(ascii: "%")), line.count) != nil || memchr(base, Int32(UInt8(ascii: "\\")), line.count) != nil
    }

    /// Whether `byte` starts an escape (`%XX`, `\\uXXXX`).
    @inline(__always)
    private static func isEscape(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\\") }

    /// The 8 bytes at `offset` as a little-endian word.
    @inline(__always)
    private static func word(_ raw: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether the 24 bytes at `offset` may be the middle of hex or base64 of printable text, by
    /// the bytes that must be small: every other hex digit (a high nibble, `0`–`7`) at one of two
    /// alignments, or every fourth base64 character (a byte's top six bits: `C D I–Z a–f`) at one
    /// of four. Three words, no branch per byte; random digits, keys and paths fail.
    @inline(__always)
    static func mayCarryText(_ raw: UnsafeRawPointer, at offset: Int) -> Bool {
        // The first 8 bytes settle most windows (a path, a digest), tested on their marks as they
        // are; the first 16 most others, the last 8 only those that pass them.
        let first = wordMarks(word(raw, at: offset))
        guard plausible(first) else { return false }
        var (nibbles, leads) = (gather(first.nibbles), gather(first.leads))
        let second = marks(word(raw, at: offset &+ 8))
        nibbles |= second.nibbles << 8
        leads |= second.leads << 8
        guard plausible(nibbles, leads, even: 0x5555, quads: 0x1111) else { return false }
        let third = marks(word(raw, at: offset &+ 16))
        return plausible(nibbles | third.nibbles << 16, leads | third.leads << 16, even: 0x55_5555, quads: 0x11_1111)
    }

    /// ``wordMarks(_:)`` as 8 bits each.
    @inline(__always)
    private static func marks(_ value: UInt64) -> (nibbles: UInt32, leads: UInt32) {
        let marks = wordMarks(value)
        return (gather(marks.nibbles), gather(marks.leads))
    }

    /// The bytes of `value` that may be a high nibble of hex text (`0`–`7`) and those that may lead
    /// a base64 quad of text (`C D I–Z a–f`), with `0x80` in each.
    @inline(__always)
    private static func wordMarks(_ value: UInt64) -> (nibbles: UInt64, leads: UInt64) {
        let ascii = value & 0x7F7F_7F7F_7F7F_7F7F
        let isASCII = ~value & 0x8080_8080_8080_8080
        let nibble = atLeast(ascii, 0x30) & ~atLeast(ascii, 0x38) & isASCII
        let lead =
            (atLeast(ascii, 0x43) & ~atLeast(ascii, 0x45) | atLeast(ascii, 0x49) & ~atLeast(ascii, 0x5B)
                | atLeast(ascii, 0x61) & ~atLeast(ascii, 0x67)) & isASCII
        return (nibble, lead)
    }

    /// ``plausible(_:_:even:quads:)`` for one word's marks as they are (`0x80` a byte), without
    /// gathering them.
    @inline(__always)
    private static func plausible(_ marks: (nibbles: UInt64, leads: UInt64)) -> Bool {
        let even: UInt64 = 0x0080_0080_0080_0080
        let quads: UInt64 = 0x0000_0080_0000_0080
        let (nibbles, leads) = marks
        // One branch for the six alignments: most windows fail them all.
        let hex = (nibbles & even == even ? 1 : 0) | (nibbles & (even << 8) == even << 8 ? 1 : 0)
        let base64 =
            (leads & quads == quads ? 1 : 0) | (leads & (quads << 8) == quads << 8 ? 1 : 0)
            | (leads & (quads << 16) == quads << 16 ? 1 : 0) | (leads & (quads << 24) == quads << 24 ? 1 : 0)
        return hex | base64 != 0
    }

    /// Whether the marks hold every other nibble at one alignment or every fourth lead at one of four.
    @inline(__always)
    private static func plausible(_ nibbles: UInt32, _ leads: UInt32, even: UInt32, quads: UInt32) -> Bool {
        let odd = even << 1
        return nibbles & even == even || nibbles & odd == odd || leads & quads == quads || leads & (quads << 1) == quads << 1
            || leads & (quads << 2) == quads << 2 || leads & (quads << 3) == quads << 3
    }

    /// For bytes below 0x80: `0x80` in each byte of `value` that is at least `bound`; no carry
    /// crosses bytes.
    @inline(__always)
    private static func atLeast(_ value: UInt64, _ bound: UInt64) -> UInt64 {
        value &+ (0x80 &- bound) &* 0x0101_0101_0101_0101
    }

    /// The high bits of the 8 bytes of `marks` (each 0x80 or 0) as 8 bits, byte 0 lowest.
    @inline(__always)
    private static func gather(_ marks: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: ((marks >> 7) &* 0x0102_0408_1020_4080) >> 56)
    }

    /// The first index below `index` from which every byte up to `index` is a carrier character,
    /// not below `floor`: 8 bytes at a time, then one at a time. Sets `escapes` when one of those
    /// bytes is an escape.
    @inline(__always)
    private static func runStart(
        _ raw: UnsafeRawPointer, _ bytes: UnsafeBufferPointer<UInt8>, below index: Int, floor: Int, escapes: inout Bool
    ) -> Int {
        var first = index
        while first &- 8 >= floor {
            let word = classify(word(raw, at: first &- 8))
            guard word.allIn else { break }
            escapes = escapes || word.escapes
            first &-= 8
        }
        while first > floor, isRunByte(bytes[first &- 1]) {
            first &-= 1
            escapes = escapes || isEscape(bytes[first])
        }
        return first
    }

    /// The first index from `start` that is not a carrier character (or the end): 8 bytes at
    /// a time (``classify(_:)``), so a long run, a path or a digest, is read once and fast. Sets
    /// `escapes` when one of the bytes passed is an escape.
    @inline(__always)
    private static func runEnd(
        _ raw: UnsafeRawPointer, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, escapes: inout Bool
    ) -> Int {
        var end = start
        while end &+ 8 <= bytes.count {
            let word = classify(word(raw, at: end))
            guard word.allIn else { break }
            escapes = escapes || word.escapes
            end &+= 8
        }
        while end < bytes.count, isRunByte(bytes[end]) {
            escapes = escapes || isEscape(bytes[end])
            end &+= 1
        }
        return end
    }

    /// Whether all 8 bytes of `word` are carrier characters (``isRunByte(_:)``), and whether any
    /// is an escape, without a branch per byte: for a byte `x < 0x80`, `x + (0x80 - c)` has its
    /// high bit set exactly when `x ≥ c`, and never carries into the next byte, so each range is
    /// two additions.
    @inline(__always)
    static func classify(_ word: UInt64) -> (allIn: Bool, escapes: Bool) {
        let high: UInt64 = 0x8080_8080_8080_8080
        // Seven bits a byte, so no addition carries into the next byte; `~word` then rules out
        // bytes of 0x80 and above.
        let ascii = word & 0x7F7F_7F7F_7F7F_7F7F
        let folded = ascii | 0x2020_2020_2020_2020
        let letter = atLeast(folded, 0x61) & ~atLeast(folded, 0x7B)
        let digit = atLeast(ascii, 0x30) & ~atLeast(ascii, 0x3A)
        // `+`, `-`, `/`: the odd bytes 0x2B–0x2F (bit 0 moved to bit 7).
        let sign = atLeast(ascii, 0x2B) & ~atLeast(ascii, 0x30) & (ascii << 7)
        let underscore = atLeast(ascii, 0x5F) & ~atLeast(ascii, 0x60)
        let escape = (atLeast(ascii, 0x25) & ~atLeast(ascii, 0x26) | atLeast(ascii, 0x5C) & ~atLeast(ascii, 0x5D)) & ~word
        return ((letter | digit | sign | underscore | escape) & ~word & high == high, escape & high != 0)
    }

    /// Whether `byte` is a carrier character: base64 of either alphabet (`A–Z a–z 0–9 + / - _`),
    /// which holds hex, or an escape (`%`, `\\`): a bit of two 64-bit constants, no table (a global
    /// one costs a lazy-initialisation check on every access).
    @inline(__always)
    static func isRunByte(_ byte: UInt8) -> Bool {
        // `%` 37, `+` 43, `-` 45, `/` 47, `0`–`9` 48–57; `A`–`Z` 65–90, `\\` 92, `_` 95, `a`–`z` 97–122.
        let low: UInt64 = 1 << 37 | 1 << 43 | 1 << 45 | 1 << 47 | 0x3FF << 48
        let high: UInt64 = 0x3FF_FFFF << 1 | 1 << 28 | 1 << 31 | 0x3FF_FFFF << 33
        let word = byte < 64 ? low : byte < 128 ? high : 0
        return (word >> UInt64(byte & 63)) & 1 != 0
    }

    /// Decodes the run `range` of `line` into `run`: its `%XX` escapes (``ScanCarrier/url``) or
    /// `\\uXXXX` escapes (``ScanCarrier/jsonEscape``) when it has one, else as hex (all hex digits,
    /// of even length) or base64; `false` when it holds no escape that decodes, or does not decode
    /// to printable ASCII text.
    static func decode(_ line: LineView, _ range: Range<Int>, into run: inout DecodedRun) -> Bool {
        if let escape = firstEscape(line, range) {
            escapes(line, range, carrier: line[escape] == UInt8(ascii: "%") ? .url : .jsonEscape, into: &run)
            return !run.bytes.isEmpty
        }
        // Most runs (digests, paths, keys) fail on their first bytes: checked before any copy.
        let start = range.lowerBound
        if range.count % 2 == 0, let first = hexByte(line, start), let second = hexByte(line, start + 2), isText(first),
            isText(second), hex(line, range, into: &run)
        {
            return true
        }
        guard let first = base64Value(line[start]), let second = base64Value(line[start + 1]),
            let third = base64Value(line[start + 2]), isText(first << 2 | second >> 4), isText(second << 4 | third >> 2)
        else { return false }
        return base64(line, range, into: &run)
    }

    /// The byte that the two hex digits at `index` spell.
    @inline(__always)
    private static func hexByte(_ line: LineView, _ index: Int) -> UInt8? {
        guard let high = HexCodec.value(of: line[index]), let low = HexCodec.value(of: line[index + 1]) else { return nil }
        return high << 4 | low
    }

    /// Hex: two digits a byte.
    private static func hex(_ line: LineView, _ range: Range<Int>, into run: inout DecodedRun) -> Bool {
        run.reset(.hex)
        guard range.count % 2 == 0 else { return false }
        var index = range.lowerBound
        while index + 1 < range.upperBound, run.bytes.count < maximumDecodedLength {
            guard let high = HexCodec.value(of: line[index]), let low = HexCodec.value(of: line[index + 1]) else { return false }
            let byte = high << 4 | low
            guard isText(byte) else { return false }
            run.append(byte, source: index..<(index + 2))
            index += 2
        }
        return true
    }

    /// Base64, standard or URL-safe (`-` and `_` read as `+` and `/`), from the run's first byte;
    /// a last group of 2 or 3 characters gives 1 or 2 bytes.
    private static func base64(_ line: LineView, _ range: Range<Int>, into run: inout DecodedRun) -> Bool {
        run.reset(.base64)
        var bits: UInt32 = 0
        var bitCount = 0
        var index = range.lowerBound
        while index < range.upperBound, run.bytes.count < maximumDecodedLength {
            guard let value = base64Value(line[index]) else { return false }
            bits = bits << 6 | UInt32(value)
            bitCount += 6
            index += 1
            if bitCount >= 8 {
                bitCount -= 8
                let byte = UInt8(truncatingIfNeeded: bits >> UInt32(bitCount))
                guard isText(byte) else { return false }
                // The decoded byte's 8 bits came from this character and the one or two before.
                let firstCharacter = range.lowerBound + (run.bytes.count * 8) / 6
                run.append(byte, source: firstCharacter..<index)
                bits &= (1 << UInt32(bitCount)) - 1
            }
        }
        return true
    }

    /// The first `%` or `\\` in `range`, or `nil`.
    private static func firstEscape(_ line: LineView, _ range: Range<Int>) -> Int? {
        for index in range where line[index] == UInt8(ascii: "%") || line[index] == UInt8(ascii: "\\") { return index }
        return nil
    }

    /// Decodes the escapes of `carrier` in `range` (`%XX`, or `\\uXXXX` with ASCII only: another
    /// code point decodes to a space, which no token holds), other bytes as they are, into `run`,
    /// which is left empty when no escape decoded; at most ``maximumDecodedLength`` bytes.
    private static func escapes(_ line: LineView, _ range: Range<Int>, carrier: ScanCarrier, into run: inout DecodedRun) {
        run.reset(carrier)
        let escape = carrier == .url ? UInt8(ascii: "%") : UInt8(ascii: "\\")
        var escapes = 0
        var index = range.lowerBound
        while index < range.upperBound, run.bytes.count < maximumDecodedLength {
            let byte = line[index]
            if byte == escape, let (decoded, length) = unescape(line, index, end: range.upperBound, carrier: carrier) {
                run.append(decoded, source: index..<(index + length))
                escapes += 1
                index += length
            } else {
                run.append(byte, source: index..<(index + 1))
                index += 1
            }
        }
        if escapes == 0 { run.reset(carrier) }
    }

    /// The byte an escape at `index` stands for and its length, or `nil` when it is no escape.
    private static func unescape(_ line: LineView, _ index: Int, end: Int, carrier: ScanCarrier) -> (UInt8, Int)? {
        if carrier == .url {
            guard index + 3 <= end, let high = HexCodec.value(of: line[index + 1]), let low = HexCodec.value(of: line[index + 2]) else {
                return nil
            }
            return (high << 4 | low, 3)
        }
        guard index + 6 <= end, line[index + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = HexCodec.value(of: line[index + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return (value < 0x80 ? UInt8(value) : 0x20, 6)
    }

    /// Whether `byte` is printable ASCII or a tab or line break.
    @inline(__always)
    private static func isText(_ byte: UInt8) -> Bool {
        (byte >= 0x20 && byte < 0x7F) || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The 6-bit value of a base64 character of either alphabet.
    @inline(__always)
    private static func base64Value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"), UInt8(ascii: "-"): 62
        case UInt8(ascii: "/"), UInt8(ascii: "_"): 63
        default: nil
        }
    }
}

//===----------------------------------------------------------------------===//
// Base64.swift: RFC 4648 base64, standard and URL-safe alphabets, strict and lenient.
//===----------------------------------------------------------------------===//

/// RFC 4648 base64, the one codec for signatures, keys, the scan's judgement of candidates and
/// the key material the gate withholds. Decoding never traps and returns `nil` (or throws
/// ``Base64Error``) for anything that is not base64.
package enum Base64 {
    /// The standard alphabet.
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in the standard alphabet with `=` padding.
    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let first = bytes[index]
            let second: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            let third: UInt8? = index + 2 < bytes.count ? bytes[index + 2] : nil
            output.append(alphabet[Int(first >> 2)])
            output.append(alphabet[Int((first & 0x03) << 4 | (second ?? 0) >> 4)])
            if let second {
                output.append(alphabet[Int((second & 0x0F) << 2 | (third ?? 0) >> 6)])
            } else {
                output.append(UInt8(ascii: "="))
            }
            if let third {
                output.append(alphabet[Int(third & 0x3F)])
            } else {
                output.append(UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `bytes` encoded without `=` padding, in the standard alphabet or, when `urlSafe`, with
    /// `-` and `_` for `+` and `/`.
    package static func encode(_ bytes: [UInt8], urlSafe: Bool, padded: Bool) -> String {
        var output = Array(encode(bytes).utf8)
        if !padded {
            while output.last == UInt8(ascii: "=") { output.removeLast() }
        }
        if urlSafe {
            output = output.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0 }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `text`, or returns `nil` when it is not base64.
    ///
    /// - Parameters:
    ///   - text: the encoded characters, with no whitespace.
    ///   - urlSafe: whether `-` and `_` are accepted for `+` and `/` (DSSE allows either alphabet).
    ///   - paddingOptional: whether the `=` padding may be left out (DSSE); when present it must be right.
    package static func decode(_ text: some StringProtocol, urlSafe: Bool, paddingOptional: Bool) -> [UInt8]? {
        decode(bytes: Array(text.utf8), urlSafe: urlSafe, paddingOptional: paddingOptional)
    }

    /// Decodes the base64 digits `text` (ASCII bytes), or returns `nil`, as ``decode(_:urlSafe:paddingOptional:)``.
    package static func decode(bytes text: [UInt8], urlSafe: Bool, paddingOptional: Bool) -> [UInt8]? {
        var digits = text
        var padding = 0
        while digits.last == UInt8(ascii: "=") {
            digits.removeLast()
            padding += 1
        }
        guard padding <= 2 else { return nil }
        if padding > 0 || !paddingOptional {
            guard (digits.count + padding) % 4 == 0 else { return nil }
        }
        // One leftover digit can never carry a whole byte.
        guard digits.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(digits.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for digit in digits {
            guard let value = Self.value(of: digit, urlSafe: urlSafe) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
                accumulator &= (1 << UInt32(bitCount)) - 1
            }
        }
        return output
    }

    /// Decodes `text` only when it is the one canonical encoding of its bytes (RFC 4648 §3.5):
    /// the standard alphabet, `=` padding to a multiple of four, unused bits zero, no line
    /// breaks or spaces. Any other spelling is refused, because each is a second text for the
    /// same bytes that some decoders accept and others refuse or read differently.
    ///
    /// - Throws: ``Base64Error`` saying which rule the text breaks.
    package static func decodeCanonical(_ text: String) throws(Base64Error) -> [UInt8] {
        let digits = Array(text.utf8)
        if digits.contains(where: { $0 == 0x0A || $0 == 0x0D }) { throw Base64Error("it has a line break") }
        if digits.contains(where: { $0 == 0x20 || $0 == 0x09 }) { throw Base64Error("it has a space") }
        if digits.contains(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }) {
            throw Base64Error("it uses the URL-safe alphabet ('-' or '_'); the standard one is required")
        }
        if digits.contains(where: { $0 != UInt8(ascii: "=") && value(of: $0, urlSafe: false) == nil }) {
            throw Base64Error("it has a character outside the base64 alphabet")
        }
        if let equals = digits.firstIndex(of: UInt8(ascii: "=")),
            digits[equals...].contains(where: { $0 != UInt8(ascii: "=") }) || digits.count - equals > 2
        {
            throw Base64Error("it has '=' other than one or two at the end")
        }
        guard digits.count % 4 == 0 else { throw Base64Error("its length is not a multiple of 4 (the '=' padding is missing)") }
        guard let bytes = decode(text, urlSafe: false, paddingOptional: false) else {
            throw Base64Error("it has a character outside the base64 alphabet")
        }
        // What is left after the checks above: nonzero bits in the last digit before the padding.
        guard encode(bytes) == text else { throw Base64Error("its unused padding bits are not zero (not the canonical encoding)") }
        return bytes
    }

    /// Decodes `text` as leniently as scanners must to judge what a value carries: either
    /// alphabet (even mixed), any number of trailing `=`, padding optional. `nil` for a byte
    /// outside both alphabets or a length no encoding produces.
    package static func decodeLeniently(_ text: [UInt8]) -> [UInt8]? {
        var end = text.count
        while end > 0, text[end - 1] == UInt8(ascii: "=") { end -= 1 }
        return decode(bytes: Array(text[0..<end]), urlSafe: true, paddingOptional: true)
    }

    /// The 6-bit value of one digit, or `nil` when it is not in the alphabet.
    private static func value(of digit: UInt8, urlSafe: Bool) -> UInt8? {
        switch digit {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): digit - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        case UInt8(ascii: "-") where urlSafe: 62
        case UInt8(ascii: "_") where urlSafe: 63
        default: nil
        }
    }
}

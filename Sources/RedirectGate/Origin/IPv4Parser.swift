//===----------------------------------------------------------------------===//
// IPv4Parser.swift: the WHATWG IPv4 parser (decimal, octal, hex, 1 to 4 parts).
//===----------------------------------------------------------------------===//

/// The WHATWG URL IPv4 parser: `127.0.0.1`, `127.1`, `0x7f.1`, `0177.0.0.1` and `2130706433`
/// are all the same address. Every browser and `inet_aton` read these forms, so a policy must
/// too: otherwise `http://0x7f.1/` would look like a different host from `http://127.0.0.1/`.
enum IPv4Parser {
    /// Whether a lowercase ASCII host "ends in a number", which makes it an IPv4 address or
    /// invalid (never a domain): its last label (ignoring one trailing dot) is all digits, or
    /// `0x` followed by hex digits.
    static func endsInNumber(_ host: String) -> Bool {
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.last == "" {
            guard parts.count > 1 else { return false }
            parts.removeLast()
        }
        guard let last = parts.last, !last.isEmpty else { return false }
        if last.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        return last.hasPrefix("0x") && last.dropFirst(2).allSatisfy { $0.isHexDigit && $0.isASCII }
    }

    /// The address, or `nil` when the host is not a valid IPv4 address.
    static func parse(_ host: String) -> UInt32? {
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.last == "", parts.count > 1 { parts.removeLast() }
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = parseNumber(part) else { return nil }
            numbers.append(number)
        }
        guard let last = numbers.last else { return nil }
        for number in numbers.dropLast() where number > 255 {
            return nil
        }
        // The last number fills the remaining bytes: 256^(5 - count).
        let limit = UInt64(1) << (8 * UInt64(5 - numbers.count))
        guard last < limit else { return nil }
        var address = last
        for (index, number) in numbers.dropLast().enumerated() {
            address += number << (8 * UInt64(3 - index))
        }
        return UInt32(exactly: address)
    }

    /// One part: `0x` hex, a leading `0` for octal, otherwise decimal. `nil` for an empty part,
    /// a bad digit, or a value too large to be any part of an address.
    private static func parseNumber(_ part: Substring) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part
        var radix: UInt64 = 10
        if digits.count >= 2, digits.hasPrefix("0x") {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.hasPrefix("0") {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for character in digits {
            guard let digit = character.hexDigitValue, UInt64(digit) < radix, character.isASCII else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            // Anything past 2^32 is refused later anyway; stop before it can overflow.
            guard !overflow, shifted <= UInt64(UInt32.max) * 16 else { return nil }
            value = shifted + UInt64(digit)
        }
        return value
    }
}

//===----------------------------------------------------------------------===//
// Punycode.swift: RFC 3492 Bootstring with the Punycode parameters.
//===----------------------------------------------------------------------===//

/// RFC 3492 Punycode: the encoding behind `xn--` labels.
///
/// Only what IDNA needs: encoding a label's code points to the ASCII after `xn--`, and decoding
/// it back (to check an `xn--` label before trusting it). All arithmetic is checked; any
/// overflow or invalid digit is a failure, never a trap.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80

    /// The Punycode of `input`: its ASCII code points, a `-` if there were any, then the deltas.
    /// `nil` only on overflow (which needs inputs far longer than any label).
    static func encode(_ input: [Unicode.Scalar]) -> String? {
        let codePoints = input.map { Int($0.value) }
        var output = input.filter(\.isASCII).map(Character.init)
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }

        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < codePoints.count {
            guard let next = codePoints.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int.max - step else { return nil }
            delta += step
            n = next
            for codePoint in codePoints {
                if codePoint < n {
                    guard delta < Int.max else { return nil }
                    delta += 1
                }
                guard codePoint == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias: bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, count: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    /// The code points `input` (the part after `xn--`) encodes, or `nil` when it is not valid
    /// Punycode: a non-ASCII basic part, a bad digit, an overflow, or a decoded value that is a
    /// surrogate, beyond U+10FFFF, or ASCII where only non-ASCII may appear.
    static func decode(_ input: String) -> [Unicode.Scalar]? {
        let scalars = Array(input.unicodeScalars)
        var output: [Unicode.Scalar] = []
        var position = 0
        if let dash = scalars.lastIndex(of: "-") {
            let basic = scalars[..<dash]
            guard basic.allSatisfy(\.isASCII) else { return nil }
            output = Array(basic)
            position = dash + 1
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        while position < scalars.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < scalars.count, let value = digitValue(scalars[position]) else { return nil }
                position += 1
                let (product, overflow) = value.multipliedReportingOverflow(by: weight)
                guard !overflow, i <= Int.max - product else { return nil }
                i += product
                let t = threshold(k, bias: bias)
                if value < t { break }
                let (nextWeight, weightOverflow) = weight.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow else { return nil }
                weight = nextWeight
                k += base
            }
            let length = output.count + 1
            bias = adapt(i - oldI, count: length, first: oldI == 0)
            guard n <= Int.max - i / length else { return nil }
            n += i / length
            i %= length
            guard n >= initialN, let scalar = Unicode.Scalar(UInt32(clamping: n)), n <= 0x10FFFF else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    // MARK: - Bootstring pieces

    private static func threshold(_ k: Int, bias: Int) -> Int {
        if k <= bias { return tMin }
        if k >= bias + tMax { return tMax }
        return k - bias
    }

    private static func adapt(_ delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// 0–25 are `a`–`z`, 26–35 are `0`–`9`.
    private static func digit(_ value: Int) -> Character {
        let scalar = value < 26 ? 0x61 + value : 0x30 + value - 26
        return Character(Unicode.Scalar(UInt8(truncatingIfNeeded: scalar)))
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0x61...0x7A: return Int(scalar.value - 0x61)
        case 0x41...0x5A: return Int(scalar.value - 0x41)
        case 0x30...0x39: return Int(scalar.value - 0x30) + 26
        default: return nil
        }
    }
}

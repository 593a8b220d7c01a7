//===----------------------------------------------------------------------===//
// JSONNumberRefusal.swift: why JSONValueDecoder refused a number for a numeric type.
//===----------------------------------------------------------------------===//

/// Why ``JSONValueDecoder`` refused a number: a fraction or exponent where an integer type goes,
/// or a value the type cannot hold. It is the `underlyingError` of the `dataCorrupted` error, so a
/// caller can show ``description`` rather than a generic "unexpected value".
package struct JSONNumberRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The problem as a phrase, e.g. `expected a whole number, found 1.5`.
    package var description: String

    /// A refusal of `number` for the integer type `type`.
    init<T: FixedWidthInteger>(integer number: Double, for type: T.Type) {
        if number.rounded(.towardZero) != number {
            description = "expected a whole number, found \(Self.shown(number))"
        } else if T(exactly: number) == nil || number <= -0x1p63 {
            // One just past Int.min (-9223372036854775809) rounds to -2^63 as a Double: that too.
            description = "the number \(Self.shown(number)) is out of range (\(T.min) to \(T.max))"
        } else if Int(exactly: number) == nil {
            // The reader keeps an integer exactly only within Int's range: a UInt64 beyond it
            // fits the type, but not what was read.
            description = "the number \(Self.shown(number)) is beyond \(Int.max), the largest whole number read exactly"
        } else {
            // In range but written as `1.0` or `1e2`: the gate writes integers without either.
            description = "expected a whole number without a fraction or exponent, found \(Self.shown(number))"
        }
    }

    /// A refusal of `number` for a floating-point type it overflows.
    init(floatingPoint number: Double, type: String) {
        description = "the number \(Self.shown(number)) is out of range for \(type)"
    }

    /// A number as messages show it: `300`, not `300.0`, while a Double holds it exactly.
    private static func shown(_ number: Double) -> String {
        if let whole = Int(exactly: number), whole.magnitude < 1 << 53 { return String(whole) }
        return String(number)
    }
}

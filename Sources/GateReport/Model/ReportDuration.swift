//===----------------------------------------------------------------------===//
// ReportDuration.swift: durations rounded to milliseconds.
//===----------------------------------------------------------------------===//

/// Durations as the report stores them: seconds rounded to milliseconds, so equal runs print equal
/// bytes, and never NaN or infinite (JSON cannot hold those).
package enum ReportDuration {
    /// `seconds` rounded to the nearest millisecond; NaN, infinities and negatives become 0.
    package static func rounded(_ seconds: Double) -> Double {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        guard seconds < 1e12 else { return 1e12 }
        return (seconds * 1000).rounded() / 1000
    }

    /// `seconds` with exactly three decimals, e.g. `1.250`, independent of any locale.
    package static func text(_ seconds: Double) -> String {
        let milliseconds = Int((rounded(seconds) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

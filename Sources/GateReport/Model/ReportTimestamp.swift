//===----------------------------------------------------------------------===//
// ReportTimestamp.swift: ISO 8601 UTC timestamps from an injected clock.
//===----------------------------------------------------------------------===//

import GateCore

/// ISO 8601 UTC timestamps (`2025-01-31T12:00:00.123Z`), spelled without any locale or time zone
/// setting, from a clock the caller injects (so tests and reproduced runs print the same bytes).
package struct ReportTimestamp: Sendable {
    /// Seconds since 1970-01-01T00:00:00Z.
    package var now: @Sendable () -> Double

    /// A clock reading the system's real time.
    package static let system = ReportTimestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// A clock that always says `seconds` (for tests).
    package static func fixed(_ seconds: Double) -> ReportTimestamp {
        ReportTimestamp { seconds }
    }

    /// Creates a clock from a function returning seconds since 1970.
    package init(now: @escaping @Sendable () -> Double) {
        self.now = now
    }

    /// The clock's current time as ISO 8601 UTC.
    package func string() -> String {
        Self.string(secondsSince1970: now())
    }

    /// `seconds` as ISO 8601 UTC with milliseconds; values outside year 1970 … 9999 are clamped.
    package static func string(secondsSince1970 seconds: Double) -> String {
        let bounded = seconds.isFinite ? min(max(seconds, 0), 253_402_300_799.999) : 0
        let totalMilliseconds = Int64((bounded * 1000).rounded(.down))
        let days = totalMilliseconds / 86_400_000
        let milliseconds = totalMilliseconds % 86_400_000
        let (year, month, day) = civil(fromDays: days)
        let seconds = milliseconds / 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):"
            + "\(pad(seconds % 60, 2)).\(pad(milliseconds % 1000, 3))Z"
    }

    /// Year, month and day of the proleptic Gregorian calendar for days since 1970-01-01
    /// (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// `value` with leading zeros to `width` digits.
    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

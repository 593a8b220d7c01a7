//===----------------------------------------------------------------------===//
// Format.swift: fixed-point numbers and byte sizes without Foundation.
//===----------------------------------------------------------------------===//

/// Number formatting for the report lines.
enum Format {
    /// `value` with `digits` decimals (round half away from zero).
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let digitsText = String(fraction)
            text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
        }
        return text
    }

    /// `12.3 MiB` from a count of KiB.
    static func mebibytes(kibibytes: Int) -> String { fixed(Double(kibibytes) / 1024, 1) + " MiB" }

    /// `+1.3 MiB` / `-0.2 MiB` from a difference in KiB.
    static func signedMebibytes(kibibytes: Int) -> String { (kibibytes >= 0 ? "+" : "") + mebibytes(kibibytes: kibibytes) }

    /// `64 KiB`, `1 MiB`, `4 KiB`.
    static func chunkSize(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }
}

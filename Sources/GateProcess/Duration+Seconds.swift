// Duration+Seconds.swift
//
// A duration as a Double number of seconds, for reports and progress lines.

extension Duration {
    /// The duration in seconds, fractions included (attosecond precision folded into a Double).
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

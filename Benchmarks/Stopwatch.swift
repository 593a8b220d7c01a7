//===----------------------------------------------------------------------===//
// Stopwatch.swift: monotonic timing.
//===----------------------------------------------------------------------===//

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Seconds on CLOCK_MONOTONIC.
struct Stopwatch {
    private let start = Stopwatch.now()

    /// Seconds since the stopwatch was created.
    var elapsed: Double { Stopwatch.now() - start }

    /// Times `body` once.
    static func time<T>(_ body: () throws(BenchmarkFailure) -> T) throws(BenchmarkFailure) -> (seconds: Double, result: T) {
        let watch = Stopwatch()
        let result = try body()
        return (watch.elapsed, result)
    }

    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }
}

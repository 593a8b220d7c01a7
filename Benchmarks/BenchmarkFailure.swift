//===----------------------------------------------------------------------===//
// BenchmarkFailure.swift: a measurement that could not run or did not verify (exit 1).
//===----------------------------------------------------------------------===//

/// A measurement that could not run, or whose result did not match the stream it was given.
struct BenchmarkFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

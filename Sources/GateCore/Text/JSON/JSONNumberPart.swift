//===----------------------------------------------------------------------===//
// JSONNumberPart.swift: which part of a JSON number lacks a digit.
//===----------------------------------------------------------------------===//

/// The part of a number that lacks a digit, for ``JSONProblem/expectedDigit(_:)``.
package enum JSONNumberPart: Sendable, Equatable {
    /// Before any `.` or exponent (`-` alone).
    case integer
    /// After `.`.
    case fraction
    /// After `e` or `E`.
    case exponent
}

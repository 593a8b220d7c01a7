//===----------------------------------------------------------------------===//
// TestFramework.swift: which framework reported a test.
//===----------------------------------------------------------------------===//

/// Which test framework reported a result: an XCTest expectation is only met by an XCTest
/// result, never by a Swift Testing display name that happens to read the same.
package enum TestFramework: String, Sendable, Hashable, CaseIterable {
    /// XCTest (Linux, macOS, xcodebuild, `swift test --parallel`).
    case xctest
    /// Swift Testing.
    case swiftTesting
}

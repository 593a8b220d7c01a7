//===----------------------------------------------------------------------===//
// TestEvent.swift: what one console line said happened, for live progress.
//===----------------------------------------------------------------------===//

/// What a console line reported, for live progress counts.
package enum TestEvent: Sendable, Hashable {
    /// A test case started; the payload is its normalised name.
    case started(String)
    /// A test case finished (passed, failed or skipped), or was found to have crashed.
    case finished(TestResult)
}

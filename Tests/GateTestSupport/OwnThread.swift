//===----------------------------------------------------------------------===//
// OwnThread.swift: a blocking call that takes seconds, off the test runner's threads.
//===----------------------------------------------------------------------===//

import Foundation

/// Runs `body` on a thread of its own and suspends the calling test until it returns.
///
/// Swift Testing runs every test on the cooperative pool, which has one thread per core (two
/// here). A test that blocks one of them for seconds, waiting for a package build or a child
/// process, holds up every other test waiting to resume, and their time limits count that wait
/// (one CI run saw a loopback test that needs milliseconds exceed its minute). Calls that block
/// for seconds go through here; `#expect` stays in the test's own task, where it is recorded.
package func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

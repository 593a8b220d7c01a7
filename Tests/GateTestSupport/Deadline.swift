//===----------------------------------------------------------------------===//
// Deadline.swift: running a call that must not block on a thread, with a deadline.
//===----------------------------------------------------------------------===//

import Dispatch
import Foundation
import GateCore

/// Runs `body` on a thread of its own and waits at most `seconds` for it. A call that blocks
/// (opening a FIFO, reading `/dev/zero`) shows up as `nil` instead of hanging the test; then
/// `unblock` runs (it opens the FIFO's other end) so the thread can finish as well.
package func withinDeadline<T: Sendable>(
    _ seconds: Double, unblock: @escaping @Sendable () -> Void = {}, _ body: @escaping @Sendable () -> T
) -> T? {
    let box = Locked<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
        let value = body()
        box.withLock { $0 = value }
        done.signal()
    }.start()
    if done.wait(timeout: .now() + seconds) == .success { return box.withLock { $0 } }
    unblock()
    _ = done.wait(timeout: .now() + 5)
    return nil
}

/// Opens the FIFO at `path` for writing without blocking and closes it again, which lets a
/// reader blocked in `open` go on (it then reads end of file).
package func releaseFIFO(_ path: String) {
    let writer = open(path, O_WRONLY | O_NONBLOCK)
    if writer >= 0 { close(writer) }
}

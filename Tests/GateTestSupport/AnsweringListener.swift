//===----------------------------------------------------------------------===//
// AnsweringListener.swift: a host loopback listener that answers each connection with one line.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

/// A listener on the host's 127.0.0.1, on a thread of its own: each connection gets
/// `answer PORT\n` and `payload` bytes (as many as the socket takes at once), then is closed.
/// It counts the connections it accepted; ``stop()`` ends the thread and closes the socket.
package final class AnsweringListener: @unchecked Sendable {
    /// The port it listens on.
    package let port: Int
    private let fd: Int32
    private let state = Locked((accepted: 0, stopped: false, finished: false))

    /// Listens on a free port; each answer carries `payload` bytes after its line.
    package init(payload: Int = 0) throws {
        guard let (fd, port) = Loopback.listening(backlog: 256) else {
            throw SupportFailure("could not listen on 127.0.0.1: errno \(errno)")
        }
        self.fd = fd
        self.port = port
        let answer = Array("answer \(port)\n".utf8) + [UInt8](repeating: 0x78, count: payload)
        let listener = fd
        let state = state
        Thread {
            while !state.withLock({ $0.stopped }) {
                var wait = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
                guard poll(&wait, 1, 50) > 0 else { continue }
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { continue }
                state.withLock { $0.accepted += 1 }
                _ = fcntl(connection, F_SETFL, O_NONBLOCK)
                _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Loopback.sendFlags) }
                close(connection)
            }
            state.withLock { $0.finished = true }
        }.start()
    }

    /// How many connections it accepted.
    package var accepted: Int { state.withLock { $0.accepted } }

    /// Ends the thread (within 50 ms) and closes the socket.
    package func stop() {
        state.withLock { $0.stopped = true }
        while !state.withLock({ $0.finished }) { usleep(10_000) }
        close(fd)
    }
}

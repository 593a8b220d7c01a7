//===----------------------------------------------------------------------===//
// EventLoop.swift: one thread, poll(2), every listener and connection.
//===----------------------------------------------------------------------===//

import GateCore

/// The fixture's event loop: one thread polls the wake pipe, both listeners and every
/// connection (all non-blocking), so no client, however slow, can hold up another.
///
/// Each turn: poll until something is ready or the nearest deadline; stop if the wake pipe is
/// readable; read, answer and write for each ready connection; accept new connections while
/// under ``FixtureConfiguration/maxConnections`` (further clients wait in the listen backlog);
/// apply timeouts; drop closed connections. Out of descriptors (EMFILE and friends), it stops
/// accepting for ``acceptPause`` rather than spinning. When stopped it closes every connection
/// and both listeners, so the ports are free when ``run()`` returns.
final class EventLoop {
    /// How long accepting pauses after running out of descriptors or memory.
    static let acceptPause = Duration.milliseconds(100)
    /// The most connections accepted from one listener in one turn, so reads are not starved.
    static let acceptBatch = 256
    /// The read buffer size.
    static let readSize = 64 * 1024

    private let configuration: FixtureConfiguration
    private let listeners: [BoundListener]
    private let wakeFD: Int32
    private let services: Connection.Services
    private var connections: [Connection] = []
    private var pollFDs: [pollfd] = []
    private var acceptPausedUntil: ContinuousClock.Instant?
    private let readBuffer: UnsafeMutableRawBufferPointer

    /// Creates the loop; it takes ownership of the listeners (it closes them when it stops).
    ///
    /// - Parameters:
    ///   - configuration: limits and timeouts.
    ///   - listeners: the two bound, listening sockets.
    ///   - wakeFD: the read end of the pipe that, once readable, stops the loop.
    ///   - recorder: the ledger.
    ///   - endpoints: the bound ports, for `/start`'s `Location`.
    init(
        configuration: FixtureConfiguration, listeners: [BoundListener], wakeFD: Int32, recorder: LedgerRecorder,
        endpoints: FixtureEndpoints
    ) {
        self.configuration = configuration
        self.listeners = listeners
        self.wakeFD = wakeFD
        self.services = Connection.Services(
            configuration: configuration, responder: FixtureResponder(endpoints: endpoints), recorder: recorder)
        self.readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 16)
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Runs until the wake pipe becomes readable, then closes every socket it owns.
    func run() {
        Self.blockShutdownSignals()
        defer { closeEverything() }
        while true {
            let listenerSlots = preparePollSet(now: .now)
            let timeout = pollTimeout(now: .now)
            let ready = pollFDs.withUnsafeMutableBufferPointer { buffer in
                poll(buffer.baseAddress, nfds_t(buffer.count), timeout)
            }
            if ready < 0 {
                if errno != EINTR { usleep(10_000) }  // ENOMEM: back off rather than spin.
                continue
            }
            if let wake = pollFDs.first, wake.revents != 0 { return }

            let now = ContinuousClock.now
            serviceReadyConnections(from: 1 + listenerSlots.count, now: now)
            for (slot, listener) in listenerSlots where (pollFDs[safe: slot]?.revents ?? 0) != 0 {
                acceptConnections(from: listener, now: now)
            }
            expireConnections(now: .now)
            connections.removeAll { $0.isClosed }
        }
    }

    // MARK: - Polling

    /// Fills `pollFDs`: the wake pipe, then the listeners being polled, then every connection.
    /// - Returns: for each polled listener, its slot in `pollFDs`.
    private func preparePollSet(now: ContinuousClock.Instant) -> [(slot: Int, listener: BoundListener)] {
        pollFDs.removeAll(keepingCapacity: true)
        pollFDs.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0))
        var listenerSlots: [(slot: Int, listener: BoundListener)] = []
        if let until = acceptPausedUntil, now >= until { acceptPausedUntil = nil }
        if acceptPausedUntil == nil, connections.count < configuration.maxConnections {
            for listener in listeners {
                listenerSlots.append((pollFDs.count, listener))
                pollFDs.append(pollfd(fd: listener.fd, events: Int16(POLLIN), revents: 0))
            }
        }
        for connection in connections {
            var events: Int16 = 0
            if connection.wantsInput { events |= Int16(POLLIN) }
            if connection.pendingOutputCount > 0 { events |= Int16(POLLOUT) }
            pollFDs.append(pollfd(fd: connection.fd, events: events, revents: 0))
        }
        return listenerSlots
    }

    /// Milliseconds until the nearest deadline (rounded up), or -1 when there is none.
    private func pollTimeout(now: ContinuousClock.Instant) -> Int32 {
        var nearest = acceptPausedUntil
        for connection in connections {
            if let deadline = connection.deadline(configuration), nearest.map({ deadline < $0 }) ?? true {
                nearest = deadline
            }
        }
        guard let nearest else { return -1 }
        if nearest <= now { return 0 }
        let (seconds, attoseconds) = (nearest - now).components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    // MARK: - Connections

    private func serviceReadyConnections(from firstSlot: Int, now: ContinuousClock.Instant) {
        for (offset, connection) in connections.enumerated() {
            guard let entry = pollFDs[safe: firstSlot + offset], entry.fd == connection.fd, entry.revents != 0 else {
                continue
            }
            let revents = Int32(entry.revents)
            if revents & Int32(POLLNVAL) != 0 {
                close(connection)
                continue
            }
            if revents & (Int32(POLLIN) | Int32(POLLHUP) | Int32(POLLERR)) != 0 {
                readInput(connection, now: now)
            }
            service(connection, now: now)
        }
    }

    /// Reads once (up to ``readSize`` bytes); level-triggered polling brings us back for more.
    private func readInput(_ connection: Connection, now: ContinuousClock.Instant) {
        guard !connection.isClosed, !connection.peerClosed else { return }
        let count = Socket.receive(connection.fd, into: readBuffer)
        if count > 0 {
            connection.lastActivityAt = now
            if connection.isLingering {
                connection.lingerBytes += count
                if connection.lingerBytes > Connection.maxLingerBytes { close(connection) }
                return
            }
            connection.appendInput(UnsafeRawBufferPointer(rebasing: readBuffer[..<count]))
        } else if count == 0 {
            connection.peerClosed = true  // Requests already read are still answered.
        } else if errno != EAGAIN && errno != EWOULDBLOCK {
            close(connection)  // ECONNRESET and the like: nothing more can be said.
        }
    }

    /// Answers what can be answered and writes what can be written, repeating while the client
    /// keeps up and pipelined requests remain. Terminates: each round either consumes input or
    /// stops, and the input is at most one read plus a partial head.
    private func service(_ connection: Connection, now: ContinuousClock.Instant) {
        while !connection.isClosed {
            let before = connection.unconsumedInputCount
            connection.processInput(now: now, services: services)
            writeOutput(connection, now: now)
            let blocked = connection.pendingOutputCount > 0 || connection.closeAfterOutput
            if blocked || connection.unconsumedInputCount == 0 || connection.unconsumedInputCount == before { break }
        }
        finishIfDone(connection, now: now)
    }

    private func writeOutput(_ connection: Connection, now: ContinuousClock.Instant) {
        while !connection.isClosed, connection.pendingOutputCount > 0 {
            let sent = connection.withPendingOutput { Socket.sendBytes(connection.fd, $0) }
            if sent > 0 {
                connection.consumeOutput(sent, now: now)
            } else if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                return
            } else {
                close(connection)  // EPIPE, ECONNRESET: the client is gone.
            }
        }
    }

    /// Once everything owed is sent: closes the connection if the client has closed its side
    /// (what input is left is an unfinished request), or, when we are the ones closing, shuts
    /// down our side and lingers.
    private func finishIfDone(_ connection: Connection, now: ContinuousClock.Instant) {
        guard !connection.isClosed, connection.pendingOutputCount == 0 else { return }
        if connection.peerClosed {
            close(connection)
        } else if connection.closeAfterOutput, !connection.isLingering {
            Socket.shutdownWrite(connection.fd)
            connection.phase = .lingering(until: now + configuration.lingerTimeout)
            connection.discardInput()
        }
    }

    private func acceptConnections(from listener: BoundListener, now: ContinuousClock.Instant) {
        for _ in 0..<Self.acceptBatch where connections.count < configuration.maxConnections {
            switch Socket.acceptConnection(from: listener.fd) {
            case let .accepted(fd):
                services.recorder.recordConnection(listener.role)
                connections.append(Connection(fd: fd, role: listener.role, configuration: configuration, now: now))
            case .empty:
                return
            case .retry:
                continue
            case .exhausted:
                acceptPausedUntil = now + Self.acceptPause
                return
            }
        }
    }

    private func expireConnections(now: ContinuousClock.Instant) {
        for connection in connections where !connection.isClosed {
            switch connection.expire(now: now, services: services) {
            case .none:
                break
            case .answered:
                writeOutput(connection, now: now)
                finishIfDone(connection, now: now)
            case .close:
                close(connection)
            }
        }
    }

    private func close(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        Socket.closeDescriptor(connection.fd)
    }

    private func closeEverything() {
        for connection in connections { close(connection) }
        connections.removeAll()
        for listener in listeners {
            drainBacklog(of: listener)
            Socket.closeDescriptor(listener.fd)
        }
    }

    /// Accepts, counts and closes every connection still waiting in `listener`'s backlog (the
    /// loop was at ``FixtureConfiguration/maxConnections``, or the client connected just before
    /// the stop): the kernel completed their handshakes, so they reached the listener and the
    /// ledger must say so. Runs after every open connection is closed, so descriptors are free.
    private func drainBacklog(of listener: BoundListener) {
        // The backlog holds at most SOMAXCONN entries; the bound only guards against a client
        // that keeps connecting while we drain.
        for _ in 0..<65_536 {
            switch Socket.acceptConnection(from: listener.fd) {
            case let .accepted(fd):
                services.recorder.recordConnection(listener.role)
                Socket.closeDescriptor(fd)
            case .retry:
                continue
            case .empty, .exhausted:
                return
            }
        }
    }

    /// Keeps SIGINT and SIGTERM off this thread, so the command line's `sigwait` receives them.
    private static func blockShutdownSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }
}

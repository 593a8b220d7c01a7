//===----------------------------------------------------------------------===//
// Connection.swift: one client connection's buffers and HTTP state.
//===----------------------------------------------------------------------===//

/// One accepted client connection: its input and output buffers and where it is in the
/// request/response cycle. Owned by the event loop's thread.
///
/// Requests are answered strictly in arrival order, so pipelining needs no extra bookkeeping:
/// responses are appended to one output buffer in the order their requests were parsed.
final class Connection {
    /// Where the connection is in its cycle.
    enum Phase {
        /// Waiting for (or reading) a request head.
        case head
        /// Reading and discarding a request body; `response` is sent once it is all read.
        case body(remaining: Int, response: [UInt8], keepAlive: Bool)
        /// Our side is shut down after the last response; unread input is drained until the
        /// client closes or `until` passes, so the client sees the response rather than a reset.
        case lingering(until: ContinuousClock.Instant)
    }

    /// Output beyond this stops request processing and reading until the client catches up.
    static let outputHighWater = 256 * 1024
    /// Input consumed beyond this is compacted away even while more is pending.
    static let compactionThreshold = 64 * 1024
    /// The most bytes drained while lingering before closing anyway.
    static let maxLingerBytes = 1024 * 1024

    /// The socket.
    let fd: Int32
    /// The listener it arrived on.
    let role: ListenerRole

    /// Bytes read and not yet consumed start at ``inputStart``.
    private(set) var input: [UInt8] = []
    /// The first unconsumed input byte.
    private(set) var inputStart = 0
    /// Bytes to send start at ``outputStart``.
    private(set) var output: [UInt8] = []
    /// The first unsent output byte.
    private(set) var outputStart = 0

    /// The cycle phase.
    var phase: Phase = .head
    /// Finds the end of the current head.
    var scanner: HeadScanner
    /// When the first byte of the current head arrived; `nil` between requests.
    var headStartedAt: ContinuousClock.Instant?
    /// When input last arrived or the output last drained: the idle clock.
    var lastActivityAt: ContinuousClock.Instant
    /// When output was last queued onto an empty buffer or last made progress: the write-stall clock.
    var outputProgressAt: ContinuousClock.Instant
    /// Close once the output is sent (after a refusal, `Connection: close`, or end of input).
    var closeAfterOutput = false
    /// The client has closed its side (read returned 0).
    var peerClosed = false
    /// The descriptor has been closed; the loop drops the connection.
    var isClosed = false
    /// Bytes drained while lingering.
    var lingerBytes = 0

    /// Wraps a freshly accepted socket.
    init(fd: Int32, role: ListenerRole, configuration: FixtureConfiguration, now: ContinuousClock.Instant) {
        self.fd = fd
        self.role = role
        self.scanner = HeadScanner(configuration: configuration)
        self.lastActivityAt = now
        self.outputProgressAt = now
    }

    // MARK: - Buffers

    /// Bytes waiting to be sent.
    var pendingOutputCount: Int { output.count - outputStart }

    /// Bytes read and not yet consumed.
    var unconsumedInputCount: Int { input.count - inputStart }

    /// Whether the connection is in its lingering close.
    var isLingering: Bool {
        if case .lingering = phase { return true }
        return false
    }

    /// Whether the loop should poll for input.
    var wantsInput: Bool {
        guard !isClosed, !peerClosed else { return false }
        return isLingering || (!closeAfterOutput && pendingOutputCount <= Self.outputHighWater)
    }

    /// Appends bytes just read.
    func appendInput(_ bytes: UnsafeRawBufferPointer) {
        input.append(contentsOf: bytes)
    }

    /// Marks `count` input bytes consumed, compacting the buffer when worthwhile.
    func consumeInput(_ count: Int) {
        inputStart = min(input.count, inputStart + max(0, count))
        if inputStart == input.count {
            input.removeAll(keepingCapacity: input.capacity <= 4 * Self.compactionThreshold)
            inputStart = 0
        } else if inputStart >= Self.compactionThreshold {
            input.removeFirst(inputStart)
            inputStart = 0
        }
    }

    /// Drops every unconsumed input byte.
    func discardInput() {
        consumeInput(unconsumedInputCount)
    }

    /// Queues bytes to send.
    func appendOutput(_ bytes: [UInt8], now: ContinuousClock.Instant) {
        if pendingOutputCount == 0 { outputProgressAt = now }
        output.append(contentsOf: bytes)
    }

    /// Marks `count` output bytes sent.
    func consumeOutput(_ count: Int, now: ContinuousClock.Instant) {
        outputStart = min(output.count, outputStart + max(0, count))
        outputProgressAt = now
        if outputStart == output.count {
            output.removeAll(keepingCapacity: output.capacity <= Self.outputHighWater)
            outputStart = 0
            lastActivityAt = now
        }
    }

    /// Runs `body` over the unsent output bytes.
    func withPendingOutput<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        output.withUnsafeBytes { all in
            body(UnsafeRawBufferPointer(rebasing: all[min(outputStart, all.count)...]))
        }
    }
}

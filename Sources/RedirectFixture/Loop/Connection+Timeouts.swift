//===----------------------------------------------------------------------===//
// Connection+Timeouts.swift: when a connection's time is up, and what happens then.
//===----------------------------------------------------------------------===//

extension Connection {
    /// What the event loop must do when a connection's deadline passes.
    enum Expiry: Equatable {
        /// Nothing yet.
        case none
        /// A 408 was queued; flush it, then close as usual.
        case answered
        /// Close the socket now without another word.
        case close
    }

    /// The next moment at which ``expire(now:services:)`` has something to do, if any.
    func deadline(_ configuration: FixtureConfiguration) -> ContinuousClock.Instant? {
        if isClosed { return nil }
        if case let .lingering(until) = phase { return until }
        if pendingOutputCount > 0 { return outputProgressAt + configuration.idleTimeout }
        if case .body = phase { return lastActivityAt + configuration.idleTimeout }
        if let headStartedAt { return headStartedAt + configuration.headerTimeout }
        return lastActivityAt + configuration.idleTimeout
    }

    /// Applies the timeouts:
    /// - a lingering close ends at its deadline;
    /// - a client that reads none of its pending output for the idle timeout is dropped;
    /// - a body that stalls for the idle timeout, or a head not complete within the header
    ///   timeout, gets 408 and a close;
    /// - a connection idle between requests for the idle timeout is closed quietly.
    func expire(now: ContinuousClock.Instant, services: Services) -> Expiry {
        guard let deadline = deadline(services.configuration), now >= deadline else { return .none }
        if isLingering || pendingOutputCount > 0 { return .close }
        if case .body = phase {
            reject(HeadRejection(.requestTimeout, "the request body did not arrive in time"), now: now, services: services)
            return .answered
        }
        if headStartedAt != nil {
            let line = RequestHeadParser.completeRequestLine(
                in: input, from: inputStart, maxLength: services.configuration.maxRequestLineBytes)
            reject(
                HeadRejection(.requestTimeout, "the request head did not arrive in time", line: line), now: now,
                services: services)
            return .answered
        }
        return .close
    }
}

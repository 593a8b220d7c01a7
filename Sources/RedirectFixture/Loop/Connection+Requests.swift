//===----------------------------------------------------------------------===//
// Connection+Requests.swift: turning a connection's input into responses.
//===----------------------------------------------------------------------===//

extension Connection {
    /// What request processing needs besides the connection: the limits, the routes' responses
    /// and the ledger.
    struct Services {
        /// The limits and timeouts.
        var configuration: FixtureConfiguration
        /// Encodes responses.
        var responder: FixtureResponder
        /// Counts requests.
        var recorder: LedgerRecorder
    }

    /// Consumes as many whole requests from the input as the output buffer allows, appending
    /// their responses in order.
    ///
    /// Stops at a partial head or body (more input is needed), when the output passes
    /// ``outputHighWater`` (the client must read first), or after a refusal.
    func processInput(now: ContinuousClock.Instant, services: Services) {
        while !isClosed, !closeAfterOutput, pendingOutputCount <= Self.outputHighWater {
            switch phase {
            case .lingering:
                discardInput()
                return
            case let .body(remaining, response, keepAlive):
                let take = min(remaining, unconsumedInputCount)
                guard take > 0 else { return }
                consumeInput(take)
                guard take == remaining else {
                    phase = .body(remaining: remaining - take, response: response, keepAlive: keepAlive)
                    return
                }
                phase = .head
                appendOutput(response, now: now)
                if !keepAlive { closeAfterOutput = true }
            case .head:
                guard processHead(now: now, services: services) else { return }
            }
        }
        if closeAfterOutput { discardInput() }
    }

    /// Handles the head at the start of the input.
    /// - Returns: true when a whole head was consumed and processing may go on.
    private func processHead(now: ContinuousClock.Instant, services: Services) -> Bool {
        guard let start = scanner.skipEmptyLines(in: input, from: inputStart) else {
            reject(HeadRejection(.badRequest, "too many empty lines before the request line"), now: now, services: services)
            return false
        }
        consumeInput(start - inputStart)
        guard unconsumedInputCount > 0 else {
            headStartedAt = nil
            return false
        }
        if headStartedAt == nil { headStartedAt = now }

        switch scanner.scan(input, from: inputStart) {
        case .needMore:
            return false
        case var .rejected(rejection):
            rejection.line = RequestHeadParser.completeRequestLine(
                in: input, from: inputStart, maxLength: services.configuration.maxRequestLineBytes)
            reject(rejection, now: now, services: services)
            return false
        case let .complete(end):
            let parsed = RequestHeadParser.parse(input, from: inputStart, to: end, configuration: services.configuration)
            consumeInput(end - inputStart)
            headStartedAt = nil
            switch parsed {
            case let .failure(rejection):
                reject(rejection, now: now, services: services)
                return false
            case let .success(head):
                accept(head, now: now, services: services)
                return true
            }
        }
    }

    /// Records and answers an accepted request (after its body, if it has one).
    private func accept(_ head: RequestHead, now: ContinuousClock.Instant, services: Services) {
        let route = FixtureRoute(head.line, on: role)
        if route.isCounted {
            services.recorder.record(role, path: head.line.path, headerNames: head.headerNames)
        }
        let response = services.responder.response(for: route, head: head) { services.recorder.snapshot() }
        guard head.contentLength > 0 else {
            appendOutput(response, now: now)
            if !head.keepAlive { closeAfterOutput = true }
            return
        }
        if head.expectsContinue {
            appendOutput(ResponseEncoder.continueResponse, now: now)
        }
        phase = .body(remaining: head.contentLength, response: response, keepAlive: head.keepAlive)
    }

    /// Answers a refused request and closes after the answer. A refused request whose request
    /// line was well-formed (``HeadRejection/line``) still counts in the ledger: it reached the
    /// listener, headers and all.
    func reject(_ rejection: HeadRejection, now: ContinuousClock.Instant, services: Services) {
        if let line = rejection.line, FixtureRoute(line, on: role).isCounted {
            services.recorder.record(role, path: line.path, headerNames: [])
        }
        appendOutput(ResponseEncoder.rejection(rejection), now: now)
        closeAfterOutput = true
        headStartedAt = nil
        phase = .head
        discardInput()
    }
}

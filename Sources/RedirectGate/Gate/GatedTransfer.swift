//===----------------------------------------------------------------------===//
// GatedTransfer.swift: one request, its own session, the gate deciding redirects.
//===----------------------------------------------------------------------===//

import Foundation
import GateCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs one request in a session of its own whose session delegate is this object, which hands
/// redirects to the gate and collects the body. A session delegate is consulted about redirects
/// on every platform; a per-task `delegate:` argument is not on Linux.
final class GatedTransfer: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var data = Data()
        var task: URLSessionTask?
        var continuation: CheckedContinuation<Result<GatedResponse, RedirectPolicyError>, Never>?
        var isCancelled = false
    }

    private let gate: SameOriginGate
    private let state = Locked(State())

    init(gate: SameOriginGate) {
        self.gate = gate
    }

    /// Runs the request to completion (or cancellation).
    func run(_ request: URLRequest, configuration: URLSessionConfiguration) async -> Result<GatedResponse, RedirectPolicyError> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
                let task = session.dataTask(with: request)
                let isCancelled = state.withLock { state in
                    state.continuation = continuation
                    state.task = task
                    return state.isCancelled
                }
                task.resume()
                if isCancelled { task.cancel() }
                // The session keeps its delegate until invalidated; this lets the task finish first.
                session.finishTasksAndInvalidate()
            }
        } onCancel: {
            let task = state.withLock { state in
                state.isCancelled = true
                return state.task
            }
            task?.cancel()
        }
    }

    // MARK: - Delegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(gate.redirectRequest(for: response, proposed: request, task: task))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { $0.data.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let hops = gate.finishChain(for: task)
        let (continuation, data) = state.withLock { state in
            defer {
                state.continuation = nil
                state.task = nil
            }
            return (state.continuation, state.data)
        }
        let result: Result<GatedResponse, RedirectPolicyError>
        if let error {
            let urlError = error as? URLError
            result = .failure(.transportFailed(code: urlError?.errorCode ?? -1, message: error.localizedDescription))
        } else if let response = task.response as? HTTPURLResponse {
            result = .success(GatedResponse(data: data, response: response, hops: hops))
        } else {
            result = .failure(.notHTTPResponse)
        }
        continuation?.resume(returning: result)
    }
}

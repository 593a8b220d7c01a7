//===----------------------------------------------------------------------===//
// GateState.swift: a gate's chains by task, and its record of hops.
//===----------------------------------------------------------------------===//

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a ``SameOriginGate`` remembers: the chain of every redirected task still running, and
/// every hop ever decided. Only touched under the gate's lock.
struct GateState {
    /// A chain and the task it belongs to. The task is held weakly and compared by identity, so
    /// a recycled object address can never hand a new task an old task's chain (and origin).
    struct Entry {
        weak var task: URLSessionTask?
        var chain: RedirectChain
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// Every hop decided, in order.
    private(set) var hops: [RedirectHop] = []

    /// The chain of `task`, if it has one.
    func chain(for task: URLSessionTask) -> RedirectChain? {
        guard let entry = entries[ObjectIdentifier(task)], entry.task === task else { return nil }
        return entry.chain
    }

    /// Stores the chain after a decision and records the hop it just gained.
    mutating func store(_ chain: RedirectChain, for task: URLSessionTask) {
        entries = entries.filter { $0.value.task != nil }
        entries[ObjectIdentifier(task)] = Entry(task: task, chain: chain)
        if let hop = chain.hops.last { hops.append(hop) }
    }

    /// Removes and returns the chain of `task`.
    mutating func removeChain(for task: URLSessionTask) -> RedirectChain? {
        let chain = self.chain(for: task)
        entries[ObjectIdentifier(task)] = nil
        return chain
    }
}

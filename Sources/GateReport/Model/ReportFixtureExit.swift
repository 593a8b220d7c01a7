//===----------------------------------------------------------------------===//
// ReportFixtureExit.swift: the fixture's exit proof.
//===----------------------------------------------------------------------===//

/// The proof that the fixture is gone: its exit status, an empty process group, released ports.
package struct ReportFixtureExit: Codable, Equatable, Sendable {
    /// The exit status as ``ReportExit/describe(code:signal:)`` spells it: `exited(0)`, `signal(9)`.
    package var status: String
    /// The exit code, when it exited.
    package var code: Int?
    /// The signal number, when a signal ended it.
    package var signal: Int?
    /// Whether the whole proof held: reaped, group empty, ports released, ledger written.
    package var verified: Bool
    /// Processes of its group still alive after the stop.
    package var leftovers: [ReportProcess]
    /// Whether both ports accepted no more connections afterwards.
    package var portsReleased: Bool
    /// What the platform let the proof check; absent in reports of gate 0.1.0.
    package var guarantees: ReportGuarantees?

    /// Creates an exit proof; `status` is spelled from `code` and `signal`.
    package init(
        code: Int?, signal: Int?, verified: Bool, leftovers: [ReportProcess] = [], portsReleased: Bool,
        guarantees: ReportGuarantees? = nil
    ) {
        self.guarantees = guarantees
        self.status = ReportExit.describe(code: code, signal: signal)
        self.code = code
        self.signal = signal
        self.verified = verified
        self.leftovers = leftovers
        self.portsReleased = portsReleased
    }
}

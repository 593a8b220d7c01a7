//===----------------------------------------------------------------------===//
// ReportProblemHint.swift: what a stage adds to a problem for people, rendered once.
//===----------------------------------------------------------------------===//

/// Something a stage knows that helps people act on a problem: where its log is, or why a test
/// may not have reached the fixture. A stage attaches hints to the problem it leads with; the
/// report renders them into the problem's sentence once, when it settles its problems
/// (``GateReport/settle(_:)``), so no stage edits a sentence another part of the gate wrote.
package enum ReportProblemHint: Equatable, Hashable, Sendable {
    /// The suite's log, relative to the out folder (`logs/unit.log`).
    case seeLog(String)
    /// A test could not connect to the fixture on 127.0.0.1, which a physical device cannot reach.
    case simulatorLoopback

    /// The words appended to the sentence.
    var text: String {
        switch self {
        case .seeLog(let path): " (see \(path))"
        case .simulatorLoopback:
            "; a test could not connect to the fixture on 127.0.0.1: a simulator shares the Mac's"
                + " loopback, a physical device does not, so run the suite on a simulator"
        }
    }
}

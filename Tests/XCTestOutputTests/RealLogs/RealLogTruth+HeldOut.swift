//===----------------------------------------------------------------------===//
// RealLogTruth+HeldOut.swift: the logs kept out of the tuning, for the final check.
//===----------------------------------------------------------------------===//

extension RealLogTruth {
    /// The folder kept out of the tuning: xcpretty's raw xcodebuild fixtures (Kiwi, Specta, UI tests).
    static let heldOutFolder = "xcpretty/"

    /// Logs nobody looked at while the parser was tuned on ``tuned``: judged only at the end.
    static let heldOut: [RealLogTruth] = []
}

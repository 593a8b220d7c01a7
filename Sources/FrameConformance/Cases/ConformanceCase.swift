//===----------------------------------------------------------------------===//
// ConformanceCase.swift: one input, its expected outcome, and the point it proves.
//===----------------------------------------------------------------------===//

import GateCore

/// One conformance case: an input, the outcome it must get, and the acceptance point it proves.
package struct ConformanceCase: Sendable {
    /// The vector the case comes from.
    package var vectorID: String
    /// The acceptance point the case proves.
    package var point: AcceptancePoint
    /// The input.
    package var input: CaseInput
    /// The outcome the decoder must give.
    package var expected: FrameOutcome

    /// A stable identifier, e.g. `three-byte-payload/prefix-4` (made on demand: a suite holds a
    /// million cases, and only failures are named).
    package var id: String {
        switch input.change {
        case .none: vectorID
        case let .prefix(count): "\(vectorID)/prefix-\(count)"
        case let .appending(extra): "\(vectorID)/trailing-\(HexCodec.encode(extra))"
        case let .firstByte(byte): "\(vectorID)/version-\(byte)"
        }
    }
}

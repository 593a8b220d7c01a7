//===----------------------------------------------------------------------===//
// FrameOutcome.swift: what a decoder answered for one input.
//===----------------------------------------------------------------------===//

package import FrameCodec
import GateCore

/// What a decoder answered for one input: a payload, or a rejection of one kind.
package enum FrameOutcome: Sendable, Equatable {
    /// The input was one valid frame with this payload.
    case payload([UInt8])
    /// The input was rejected.
    case error(FrameError.Kind)

    /// The outcome as one line of the `frames decode --batch` protocol: `ok <hex>` (`ok` alone for an
    /// empty payload) or `error <kind>`.
    package var protocolLine: String {
        switch self {
        case let .payload(bytes) where bytes.isEmpty: "ok"
        case let .payload(bytes): "ok " + HexCodec.encode(bytes)
        case let .error(kind): "error " + kind.rawValue
        }
    }

    /// A short form for reports, with long payloads abbreviated.
    package var summary: String {
        switch self {
        case let .payload(bytes) where bytes.count > 16:
            "ok \(HexCodec.encode(bytes.prefix(8)))… (\(bytes.count) bytes)"
        default:
            protocolLine
        }
    }

    /// Parses one protocol line; `nil` when it is neither `ok [hex]` nor `error <kind>`.
    package init?(protocolLine line: Substring) {
        let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
        if trimmed == "ok" {
            self = .payload([])
        } else if trimmed.hasPrefix("ok "), let bytes = HexCodec.decode(trimmed.dropFirst(3)) {
            self = .payload(bytes)
        } else if trimmed.hasPrefix("error "), let kind = FrameError.Kind(rawValue: String(trimmed.dropFirst(6))) {
            self = .error(kind)
        } else {
            return nil
        }
    }
}

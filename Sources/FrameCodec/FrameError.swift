//===----------------------------------------------------------------------===//
// FrameError.swift: why a frame was rejected.
//===----------------------------------------------------------------------===//

/// Why a frame was rejected.
///
/// Every case carries what the decoder expected and what it found. Sizes are in bytes of the whole
/// frame (header included) unless the case says otherwise, so `expected` and `found` compare directly.
public enum FrameError: Error, Equatable, Hashable, Sendable {
    /// The input ended before the frame did.
    ///
    /// - `expected`: the number of bytes needed to go on: ``FrameFormat/headerSize`` while the header
    ///   is incomplete, otherwise the whole frame's size as the header declares it.
    /// - `found`: the number of bytes present.
    case truncated(expected: Int, found: Int)

    /// The frame is larger than the limit allows.
    ///
    /// - `expected`: the largest frame allowed, `limit + 5`.
    /// - `found`: the size of the input (when it is already too long), or the frame size the header
    ///   declares (`5 + length`), which is known before any payload byte is read.
    case oversized(expected: Int, found: Int)

    /// The version byte is not ``FrameFormat/version``.
    case version(expected: UInt8, found: UInt8)

    /// The input goes on past the end of the frame its header declares.
    ///
    /// - `expected`: the frame size the header declares (`5 + length`).
    /// - `found`: the size of the input.
    case trailing(expected: Int, found: Int)

    /// The kind of rejection, without its figures.
    public var kind: Kind {
        switch self {
        case .truncated: .truncated
        case .oversized: .oversized
        case .version: .version
        case .trailing: .trailing
        }
    }

    /// The four kinds of rejection, named as the `frames decode --batch` protocol prints them.
    public enum Kind: String, CaseIterable, Sendable, Codable {
        /// The input ended before the frame did.
        case truncated
        /// The frame is larger than the limit.
        case oversized
        /// The version byte is not 1.
        case version
        /// Bytes follow the end of the frame.
        case trailing
    }
}

extension FrameError: CustomStringConvertible {
    /// A one-sentence explanation for people.
    public var description: String {
        switch self {
        case let .truncated(expected, found) where expected == FrameFormat.headerSize:
            return "truncated frame: the header needs \(expected) bytes but only \(found) arrived"
        case let .truncated(expected, found):
            return "truncated frame: the header declares \(expected) bytes in all but only \(found) arrived"
        case let .oversized(expected, found):
            return "oversized frame: \(found) bytes is more than the \(expected)-byte maximum "
                + "(payload limit \(expected - FrameFormat.headerSize) bytes)"
        case let .version(expected, found):
            return "unsupported frame version \(found) (only version \(expected) is valid)"
        case let .trailing(expected, found):
            return "trailing bytes after the frame: the header declares \(expected) bytes but the input has \(found)"
        }
    }
}

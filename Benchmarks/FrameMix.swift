//===----------------------------------------------------------------------===//
// FrameMix.swift: which frame sizes a benchmark block is made of.
//===----------------------------------------------------------------------===//

/// The frame-size mix of a ``FrameStream`` block.
enum FrameMix: String {
    /// 90 % 0–256 B, 8.5 % 1–64 KiB, 1.1 % 64 KiB–1 MiB, 0.4 % exactly 1 MiB (most *bytes* are in
    /// large frames, which straddle chunks and go through the framer's copy).
    case mixed
    /// Only 0–256 B frames: about 8 million frames per GiB, so per-frame cost dominates.
    case small
    /// The six sizes of issue #39, equally often: 0, 3, 64 and 1,500 B, 64 KiB and the limit
    /// (1 MiB). Nearly all bytes are in frames that span 256 KiB reads.
    case sizes
    /// Only limit-sized frames: the same largest frame over and over.
    case largest

    /// The payload sizes of ``sizes`` other than the limit.
    static let issueSizes = [0, 3, 64, 1_500, 64 * 1024]

    /// A payload length for the next frame, and the index of its size class.
    func nextLength(_ random: inout SplitMix64, limit: Int) -> (length: Int, sizeClass: Int) {
        switch self {
        case .small: return (Int(random.next() % 257), 0)
        case .largest: return (limit, 3)
        case .sizes:
            let pick = Int(random.next() % UInt64(Self.issueSizes.count + 1))
            guard pick < Self.issueSizes.count else { return (limit, 3) }
            return (Self.issueSizes[pick], pick < 4 ? 0 : 1)
        case .mixed: break
        }
        switch random.next() % 1000 {
        case 0..<900: return (Int(random.next() % 257), 0)
        case 900..<985: return (1024 + Int(random.next() % UInt64(64 * 1024 - 1024 + 1)), 1)
        case 985..<996: return (64 * 1024 + 1 + Int(random.next() % UInt64(limit - 64 * 1024 - 1)), 2)
        default: return (limit, 3)
        }
    }

    static let sizeClassNames = ["0–256 B", "1–64 KiB", "64 KiB–1 MiB", "exactly 1 MiB"]
}

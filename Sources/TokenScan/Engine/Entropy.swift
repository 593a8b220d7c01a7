//===----------------------------------------------------------------------===//
// Entropy.swift: Shannon entropy of a candidate's bytes.
//===----------------------------------------------------------------------===//

import GateCore

/// Shannon entropy in bits per byte: random base62 of length 32 scores about 4.6, English words
/// about 3, repeated characters near 0.
enum Entropy {
    /// The entropy of `bytes` (0 for none).
    static func bitsPerByte(_ bytes: [UInt8]) -> Double {
        guard !bytes.isEmpty else { return 0 }
        var counts = [Int](repeating: 0, count: 256)
        for byte in bytes { counts[Int(byte)] += 1 }
        let total = Double(bytes.count)
        var entropy = 0.0
        for count in counts where count > 0 {
            let probability = Double(count) / total
            entropy -= probability * log2(probability)
        }
        return entropy
    }
}

//===----------------------------------------------------------------------===//
// FakeToken.swift: format-valid, fake credentials made at test time.
//===----------------------------------------------------------------------===//

/// Fake, format-valid credentials made at test time from a seed (so a failure replays), never
/// written into the repository.
package enum FakeToken {
    /// A GitHub classic personal access token shape: `ghp_` and 36 letters and digits.
    package static func github(seed: UInt64) -> String {
        var generator = SplitMix64(seed: seed)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return "gh" + "p_" + String((0..<36).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }
}

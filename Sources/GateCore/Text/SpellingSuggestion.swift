//===----------------------------------------------------------------------===//
// SpellingSuggestion.swift: "did you mean …?" by edit distance.
//===----------------------------------------------------------------------===//

/// Finds the closest known name to a mistyped one, for "did you mean …?" hints: the command
/// line's commands and options, and the configuration's keys.
package enum SpellingSuggestion {
    /// How far a name may be from what was typed and still be suggested.
    package enum Tolerance: Sendable {
        /// Command words and options: an edit distance of at most 2 and at most a third of the
        /// candidate's length (at least 1), or `typed` a prefix of it at least two characters long.
        case command
        /// Configuration keys, which are longer and camel-cased: at most a third of the
        /// candidate's length, and at least 2; no prefixes (a key is never abbreviated).
        case key
    }

    /// The longest text compared: a hostile configuration key may be megabytes long, and a typo
    /// is never much longer than what it misspells.
    static let longestTyped = 200

    /// The candidate closest to `typed`, or `nil` when none is close enough to be a likely typo.
    ///
    /// Distance counts insertions, deletions, substitutions and swaps of neighbours, case
    /// ignored; `tolerance` says how much is close enough. Ties go to the earlier candidate, so
    /// the order of `candidates` (declaration order) decides.
    ///
    /// - Parameters:
    ///   - typed: what the user wrote, without any `--` prefix.
    ///   - candidates: the names that exist, without any `--` prefix.
    ///   - tolerance: how far a suggestion may be.
    package static func closest(to typed: String, among candidates: [String], tolerance: Tolerance = .command) -> String? {
        guard typed.utf8.count <= longestTyped else { return nil }
        let typedCharacters = Array(typed.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != typed {
            let candidateCharacters = Array(candidate.lowercased())
            let distance = editDistance(typedCharacters, candidateCharacters)
            let allowed =
                switch tolerance {
                case .command: min(2, max(1, candidateCharacters.count / 3))
                case .key: max(2, candidateCharacters.count / 3)
                }
            let isPrefix = tolerance == .command && typedCharacters.count >= 2 && candidateCharacters.starts(with: typedCharacters)
            guard distance <= allowed || isPrefix else { continue }
            if best.map({ distance < $0.distance }) ?? true {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// The optimal-string-alignment distance between two strings (Levenshtein plus adjacent swaps).
    package static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        guard !lhs.isEmpty else { return rhs.count }
        guard !rhs.isEmpty else { return lhs.count }
        let width = rhs.count + 1
        // Three rolling rows: two back (for swaps), previous and current.
        var twoBack = [Int](repeating: 0, count: width)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: width)
        for (i, left) in lhs.enumerated() {
            current[0] = i + 1
            for (j, right) in rhs.enumerated() {
                let cost = left == right ? 0 : 1
                var value = min(previous[j + 1] + 1, current[j] + 1, previous[j] + cost)
                if i > 0, j > 0, lhs[safe: i - 1] == right, rhs[safe: j - 1] == left {
                    value = min(value, twoBack[j - 1] + 1)
                }
                current[j + 1] = value
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[rhs.count]
    }
}

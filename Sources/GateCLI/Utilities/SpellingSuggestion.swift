//===----------------------------------------------------------------------===//
// SpellingSuggestion.swift: "did you mean …?" by edit distance.
//===----------------------------------------------------------------------===//

import GateCore

/// Finds the closest known name to a mistyped one, for "did you mean …?" hints.
package enum SpellingSuggestion {
    /// The candidate closest to `typed`, or `nil` when none is close enough to be a likely typo.
    ///
    /// A candidate qualifies when its edit distance (insertions, deletions, substitutions and
    /// swaps of neighbours) is at most 2 and at most a third of its length (at least 1), or when
    /// `typed` is a prefix of it at least two characters long. Ties go to the earlier candidate,
    /// so the order of `candidates` (declaration order) decides.
    ///
    /// - Parameters:
    ///   - typed: what the user wrote, without any `--` prefix.
    ///   - candidates: the names that exist, without any `--` prefix.
    package static func closest(to typed: String, among candidates: [String]) -> String? {
        let typedCharacters = Array(typed.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != typed {
            let candidateCharacters = Array(candidate.lowercased())
            let distance = editDistance(typedCharacters, candidateCharacters)
            let allowed = min(2, max(1, candidateCharacters.count / 3))
            let isPrefix = typedCharacters.count >= 2 && candidateCharacters.starts(with: typedCharacters)
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

//===----------------------------------------------------------------------===//
// ShardTestFilter.swift: a shard's planned tests as `swift test --filter`'s anchored regex.
//===----------------------------------------------------------------------===//

import GatePublishing

/// A shard's planned tests as the runner's own filter. `swift test --filter` searches each test's
/// identifier, `Module.Class/method`, for a regular expression; the plan names tests as
/// `report.json` does, `Class.method`, so the filter is anchored at both ends, accepts any module
/// (`[^./]+`), and escapes every name, so `Login.testA` never also runs `Login.testAB` or a
/// `Login` class of another module's name prefix:
///
/// ```
/// ^[^./]+\.(?:LoginTests/(?:testA|testB)|CartTests/(?:testC))$
/// ```
///
/// A name without a dot (a Swift Testing display name) has no identifier the gate can rebuild; it
/// is returned among ``unfilterable`` rather than guessed.
package struct ShardTestFilter: Equatable, Sendable {
    /// The regular expression for `swift test --filter`; `nil` when no name could be filtered.
    package var pattern: String?
    /// The names left out of ``pattern`` because they are not `Class.method`.
    package var unfilterable: [String]

    /// The filter of `tests` (each `Class.method`), or of whole classes when `granularity` is
    /// per class (`^[^./]+\.(?:LoginTests|CartTests)/`).
    package init(tests: [String], granularity: PlanGranularity = .test) {
        var methods: [String: [String]] = [:]
        var unfilterable: [String] = []
        for test in Set(tests).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let dot = test.firstIndex(of: "."), dot != test.startIndex, test.index(after: dot) != test.endIndex,
                !test.contains("/")
            else {
                unfilterable.append(test)
                continue
            }
            methods[String(test[..<dot]), default: []].append(String(test[test.index(after: dot)...]))
        }
        self.unfilterable = unfilterable
        guard !methods.isEmpty else {
            pattern = nil
            return
        }
        let classes = methods.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        switch granularity {
        case .class:
            pattern = #"^[^./]+\.(?:"# + classes.map(Self.escaped).joined(separator: "|") + ")/"
        case .test:
            let alternatives = classes.map { name in
                Self.escaped(name) + "/(?:" + (methods[name] ?? []).map(Self.escaped).joined(separator: "|") + ")"
            }
            pattern = #"^[^./]+\.(?:"# + alternatives.joined(separator: "|") + ")$"
        }
    }

    /// `text` with every regular-expression metacharacter escaped.
    package static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\^$.|?*+()[]{}/-".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

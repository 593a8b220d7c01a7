//===----------------------------------------------------------------------===//
// QuarantineEntry.swift: a known-failing test whose failure does not reject, until it expires.
//===----------------------------------------------------------------------===//

/// One entry of an xctest suite's `quarantine` list: while it holds (through `expires`), the
/// test's failure does not reject the run, but it is listed, shown and signed as a warning; once
/// expired, the entry itself rejects, naming its owner.
package struct QuarantineEntry: Equatable, Sendable {
    /// The test, named as an expectation names it (`Class.method`, `Module.Class.method`, `f()`,
    /// or a runner's spelling such as `Class.method()` or `-[Module.Class method]`).
    package var test: String
    /// Who answers for it.
    package var owner: String
    /// Why it is quarantined (an issue link, a sentence).
    package var reason: String
    /// The last day it holds, `YYYY-MM-DD` (UTC).
    package var expires: String

    /// Whether it has expired on `today` (`YYYY-MM-DD`): the day after `expires` and later.
    package func expired(today: String) -> Bool {
        today > expires
    }

    /// Whether `names` (a result's name, qualified name and display name) name this entry's test,
    /// as written or, when written as a runner prints it (`Class.test()`, `Class/test()`,
    /// `-[Module.Class test]`), in the gate's spelling (``TestNameSpelling``).
    package func covers(_ names: [String]) -> Bool {
        names.contains(test) || TestNameSpelling.xctest(test).map(names.contains) == true
    }
}

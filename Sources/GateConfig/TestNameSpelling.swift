//===----------------------------------------------------------------------===//
// TestNameSpelling.swift: the spellings the test runners print, read as one XCTest name.
//===----------------------------------------------------------------------===//

/// Reads an expected or quarantined test written as a runner prints it into the gate's own
/// spelling of an XCTest case, `Class.method` or `Module.Class.method`:
///
/// | written | read as |
/// |---|---|
/// | `Class.test()` (xcodebuild's per-test list) | `Class.test` |
/// | `Class/test()`, `Class/test` (`-only-testing:`, restart lines) | `Class.test` |
/// | `-[Class test]` | `Class.test` |
/// | `-[Module.Class test]` (macOS XCTest) | `Module.Class.test` |
/// | `Module.Class/test()`, `Module.Class.test()` | `Module.Class.test` |
///
/// Only the module-qualified forms pin the module. Anything else (a Swift Testing function
/// `check(value:)` or `f()`, a display name) has no XCTest spelling and is left alone.
package enum TestNameSpelling {
    /// The XCTest spelling of `name` when it is written in one of a runner's other forms and
    /// differs from it; otherwise `nil`.
    package static func xctest(_ name: String) -> String? {
        let text = Substring(name)
        var parts: [Substring]
        if text.hasPrefix("-["), text.hasSuffix("]") {
            let inner = text.dropFirst(2).dropLast()
            let words = inner.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 2 else { return nil }
            parts = words[0].split(separator: ".", omittingEmptySubsequences: false) + [words[1]]
        } else {
            let called = text.hasSuffix("()")
            let body = called ? text.dropLast(2) : text
            let halves = body.split(separator: "/", omittingEmptySubsequences: false)
            switch halves.count {
            // `Class.test()`; a plain `Class.test` is already the gate's spelling.
            case 1 where called: parts = body.split(separator: ".", omittingEmptySubsequences: false)
            // `Class/test()`, `Module.Class/test`.
            case 2: parts = halves[0].split(separator: ".", omittingEmptySubsequences: false) + [halves[1]]
            default: return nil
            }
        }
        guard (2...3).contains(parts.count), parts.allSatisfy(isIdentifier) else { return nil }
        let spelled = parts.joined(separator: ".")
        return spelled == name ? nil : spelled
    }

    /// Whether `part` is a Swift identifier (a letter or `_`, then letters, digits and `_`).
    private static func isIdentifier(_ part: Substring) -> Bool {
        guard let first = part.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return part.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}

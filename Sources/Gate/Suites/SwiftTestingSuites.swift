//===----------------------------------------------------------------------===//
// SwiftTestingSuites.swift: the suite a Swift Testing result belongs to, from the package's sources.
//===----------------------------------------------------------------------===//

import GateAdoption
import GatePublishing
import XCTestOutput

/// Swift Testing's console lines name a test by its function (`fields()`) or display name, never
/// its suite, even with `--verbose` (Swift 6.3.1), so two suites' `fields()` read the same. The
/// package's sources (``PackageTestInventory``) know where each `@Test` is: a result whose name
/// only one declaration has gets that declaration's suite; when several have it, the file and
/// line of its first issue (`SuiteTests.swift:5:27: …`) choose the declaration above it in that
/// file; when all but one result of a name are told, the last takes the declaration left.
/// Anything else stays unnamed rather than guessed.
enum SwiftTestingSuites {
    /// The suite path (`SomeSuite`, `Outer/Inner`) of each Swift Testing result it can tell, by index.
    static func resolve(_ results: [TestResult], declared: [DeclaredTest]) -> [Int: String] {
        var byName: [String: [DeclaredTest]] = [:]
        for test in declared where test.framework == .swiftTesting {
            byName[test.function, default: []].append(test)
            if let display = test.displayName, display != test.function { byName[display, default: []].append(test) }
        }
        var found: [Int: String] = [:]
        for (index, result) in results.enumerated() where result.framework == .swiftTesting {
            guard let candidates = byName[result.name], !candidates.isEmpty else { continue }
            let paths = Set(candidates.map(\.types))
            var chosen: [String]?
            if paths.count == 1 {
                chosen = candidates.first?.types
            } else if let (file, line) = issueLocation(result.message) {
                chosen =
                    candidates.filter { ($0.file.split(separator: "/").last.map(String.init) ?? $0.file) == file && $0.line <= line }
                    .max { $0.line < $1.line }?.types
            }
            if let chosen, !chosen.isEmpty { found[index] = chosen.joined(separator: "/") }
        }
        // Two `fields()`, one told by its issue: the other is the declaration left.
        for (name, candidates) in byName {
            let open = results.indices.filter { results[$0].framework == .swiftTesting && results[$0].name == name && found[$0] == nil }
            guard open.count == 1, let index = open.first else { continue }
            let told = Set(results.indices.compactMap { results[$0].name == name ? found[$0] : nil })
            let left = Set(candidates.map { $0.types.joined(separator: "/") }).subtracting(told)
            if left.count == 1, let path = left.first, !path.isEmpty { found[index] = path }
        }
        return found
    }

    /// `SuiteTests.swift` and `5` from a message starting `SuiteTests.swift:5:27: …`.
    static func issueLocation(_ message: String?) -> (file: String, line: Int)? {
        guard let message else { return nil }
        let parts = message.prefix(1024).split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0].hasSuffix(".swift"), let line = Int(parts[1]) else { return nil }
        return (String(parts[0].split(separator: "/").last ?? parts[0]), line)
    }
}

//===----------------------------------------------------------------------===//
// ReportUnrunTest.swift: a test the suite's package declares that never ran.
//===----------------------------------------------------------------------===//

/// A test an xctest suite's package declares (an `XCTestCase` method or a `@Test` function, read
/// from its test targets' sources) that never ran, with the likely cause.
package struct ReportUnrunTest: Codable, Equatable, Sendable {
    /// `Class.testThing`, `Suite/check(value:)` or `check(value:)`.
    package var name: String
    /// The test target.
    package var target: String
    /// The likely cause, e.g. `not listed in Tests/LinuxMain.swift`.
    package var cause: String

    /// Creates a record.
    package init(name: String, target: String, cause: String) {
        self.name = name
        self.target = target
        self.cause = cause
    }

    /// `5 declared test(s) never ran: not listed in Tests/LinuxMain.swift: A.testX, A.testY; …`,
    /// at most ``shownNames`` names in all.
    package static func summary(_ unrun: [ReportUnrunTest]) -> String {
        var causes: [String] = []
        var byCause: [String: [String]] = [:]
        for test in unrun {
            if byCause[test.cause] == nil { causes.append(test.cause) }
            byCause[test.cause, default: []].append(test.name)
        }
        var shown = 0
        var parts: [String] = []
        for cause in causes {
            let names = byCause[cause] ?? []
            let room = max(0, shownNames - shown)
            guard room > 0 else { break }
            let listed = names.prefix(room)
            shown += listed.count
            parts.append("\(cause): " + listed.joined(separator: ", ") + (names.count > listed.count ? ", …" : ""))
        }
        let count = unrun.count
        let more = count > shown ? " (\(count - shown) more in report.json)" : ""
        return "\(count) declared test(s) never ran: " + parts.joined(separator: "; ") + more
    }

    /// The most never-run tests a problem's sentence names.
    package static let shownNames = 8
}

//===----------------------------------------------------------------------===//
// DeclaredTest.swift: one test a package's sources declare.
//===----------------------------------------------------------------------===//

/// One test a test target's sources declare: an XCTest method (`func test…()` of an
/// `XCTestCase` subclass) or a Swift Testing function (`@Test`).
package struct DeclaredTest: Equatable, Hashable, Sendable {
    /// Which framework runs it.
    package enum Framework: String, Equatable, Hashable, Sendable {
        /// An `XCTestCase` method.
        case xctest
        /// A `@Test` function.
        case swiftTesting
    }

    /// The test target (its module).
    package var target: String
    /// Which framework runs it.
    package var framework: Framework
    /// The enclosing types, outermost first: the XCTest class, or a Swift Testing suite (empty
    /// for a global `@Test` function).
    package var types: [String]
    /// The function as the runner prints it: `testThing` for XCTest, `check(value:)` for Swift Testing.
    package var function: String
    /// A Swift Testing display name (`@Test("Checks the cart")`), else `nil`.
    package var displayName: String?
    /// The source file, relative to the package root.
    package var file: String
    /// The line of its `func`.
    package var line: Int

    /// Creates a declared test.
    package init(
        target: String, framework: Framework, types: [String], function: String, displayName: String? = nil, file: String, line: Int
    ) {
        self.target = target
        self.framework = framework
        self.types = types
        self.function = function
        self.displayName = displayName
        self.file = file
        self.line = line
    }

    /// `Class.testThing` (XCTest), `Suite/check(value:)` or `check(value:)` (Swift Testing):
    /// how the gate names it.
    package var name: String {
        switch framework {
        case .xctest: (types + [function]).joined(separator: ".")
        case .swiftTesting: (types + [function]).joined(separator: "/")
        }
    }
}

//===----------------------------------------------------------------------===//
// PackageTestInventoryTests.swift: the tests a package's sources declare, read without compiling.
//===----------------------------------------------------------------------===//

import GateTestSupport
import Testing

@testable import GateAdoption

@Suite("the tests a package declares")
struct PackageTestInventoryTests {
    static let xctestFile = """
        import XCTest
        /* a comment with class Fake: XCTestCase { func testFake() {} } */
        class Base: XCTestCase {}
        final class CartTests: Base {
            static var allTests = [("testAdd", testAdd)]
            func testAdd() throws {}
            func testRemove() async {}
            private func testPrivate() {}
            static func testStatic() {}
            func testWithArgument(_ value: Int) {}
            func helper() { let text = "func testInString() {} }"; _ = text }
            #if os(macOS)
            func testOnlyOnMac() {}
            #elseif os(Linux)
            func testOnlyOnLinux() {}
            #endif
            #if DEBUG
            func testUnderFlag() {}
            #endif
        }
        extension CartTests {
            func testInExtension() {}
            class func testClassFunc() {}
        }
        final class NotATest: NSObject { func testNothing() {} }

        """

    static let swiftTestingFile = #"""
        import Testing
        struct SomeSuite {
            @Test func fields() {}
            @Test("Shown name", .tags(.fast)) func named() {}
            @Test(arguments: [1, 2]) func check(value: Int) {}
            @Testing.Test func labelled(_ a: Int, b: (Int) -> Void) {}
            func notATest() {}
            struct Inner {
                @Test func deep() { let raw = #"} @Test func fake() {"#; _ = raw }
            }
        }
        @Test func free() {}
        """#

    @Test("XCTestCase subclasses (through a base class), their test methods and extensions; comments, strings, #if")
    func xctest() {
        let source = SwiftTestSource(Array(Self.xctestFile.utf8))
        let tests = PackageTestInventory.declared(in: [("Tests/T/CartTests.swift", source)], target: "T").map(\.name)
        #if os(Linux)
            let platformTest = "CartTests.testOnlyOnLinux"
        #else
            let platformTest = "CartTests.testOnlyOnMac"
        #endif
        #expect(tests == ["CartTests.testAdd", "CartTests.testRemove", platformTest, "CartTests.testInExtension"])
    }

    @Test("@Test functions with their suites, labels and display names")
    func swiftTesting() {
        let source = SwiftTestSource(Array(Self.swiftTestingFile.utf8))
        let tests = PackageTestInventory.declared(in: [("Tests/T/S.swift", source)], target: "T")
        #expect(
            tests.map(\.name) == [
                "SomeSuite/fields()", "SomeSuite/named()", "SomeSuite/check(value:)", "SomeSuite/labelled(_:b:)", "SomeSuite/Inner/deep()",
                "free()",
            ])
        #expect(tests.first { $0.function == "named()" }?.displayName == "Shown name")
        #expect(tests.first { $0.function == "fields()" }?.line == 3)
    }

    @Test("hostile sources: unterminated strings and comments, stray braces, deep #if, binary bytes never trap")
    func hostile() {
        let inputs: [[UInt8]] = [
            Array("class A: XCTestCase { func testA() { \"unterminated".utf8), Array("/* /* never closed".utf8),
            Array("}}}} class B: XCTestCase { func testB() {} }".utf8),
            Array((String(repeating: "#if (((((", count: 200) + "\nclass C: XCTestCase {}\n").utf8),
            (0..<4096).map { (index: Int) in UInt8(truncatingIfNeeded: index &* 131) }, Array("@Test(".utf8), Array("func".utf8),
            Array("#\"".utf8),
        ]
        for input in inputs {
            let source = SwiftTestSource(input)
            _ = PackageTestInventory.declared(in: [("f.swift", source)], target: "T")
        }
        let stray = SwiftTestSource(Array("}}}} class B: XCTestCase { func testB() {} }".utf8))
        #expect(PackageTestInventory.declared(in: [("f.swift", stray)], target: "T").map(\.name) == ["B.testB"])
    }

    @Test("#if conditions: os, canImport, negation, unknown flags")
    func conditions() {
        #if os(Linux)
            #expect(CompilationCondition.evaluate(" os(Linux)") == .yes)
            #expect(CompilationCondition.evaluate("!canImport(Darwin)") == .yes)
        #endif
        #expect(CompilationCondition.evaluate("os(Windows) && DEBUG") == .no)
        #expect(CompilationCondition.evaluate("DEBUG") == .unknown)
        #expect(CompilationCondition.evaluate("swift(>=5.9) || DEBUG") == .yes)
        #expect(CompilationCondition.evaluate("os(") == .unknown)
    }

    @Test("a package's test targets read from their folders, symbolic links not followed")
    func folders() throws {
        let folder = try ScratchFolder("inventory")
        defer { folder.remove() }
        try folder.write("import XCTest\nfinal class ATests: XCTestCase { func testA() {} }\n", to: "Tests/ATests/A.swift")
        try folder.write("import Testing\n@Test func b() {}\n", to: "Custom/B/B.swift")
        try folder.write("XCTMain([])\n", to: "Tests/LinuxMain.swift")
        let inventory = PackageTestInventory.read(
            root: folder.path,
            targets: [
                SwiftPackageTarget(name: "ATests", type: "test"), SwiftPackageTarget(name: "BTests", type: "test", path: "Custom/B"),
                SwiftPackageTarget(name: "Lib", type: "regular"),
            ])
        #expect(inventory.tests.map(\.name) == ["ATests.testA", "b()"])
        #expect(inventory.tests.map(\.target) == ["ATests", "BTests"])
        #expect(inventory.linuxMain == "XCTMain([])\n")
        #expect(!inventory.truncated)
    }
}

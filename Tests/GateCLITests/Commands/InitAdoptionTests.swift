//===----------------------------------------------------------------------===//
// InitAdoptionTests.swift: init, then run, on real package shapes, accepted on the first try.
//===----------------------------------------------------------------------===//

import Foundation
import GateConfig
import GateProcess
import Testing

/// `acceptance-gate init`, `swift build --build-tests` and `acceptance-gate run` on packages shaped
/// like the ones adoption failed on: an old package with one test target and a `Tests/LinuxMain.swift`,
/// and one with three test targets (one of them Swift Testing, one with a `path:`) declared in a
/// `Package@swift-6.0.swift` beside a `Package.swift` that names another target. Each run must be
/// accepted on the first try, and rejected once a project test fails, once the redirect delegate
/// follows the cross-port redirect, and once the redirect tests do nothing. A package build takes
/// 10-60 s here, so one package serves every assertion of its shape.
@Suite("init, then run, on real packages", .serialized)
struct InitAdoptionTests {
    /// An old-style package: tools 5.1, one test target, tests listed in Tests/LinuxMain.swift.
    static let linuxMainPackage: [String: String] = [
        "Package.swift": """
        // swift-tools-version:5.1
        import PackageDescription

        let package = Package(
            name: "Ink",
            products: [.library(name: "Ink", targets: ["Ink"])],
            targets: [.target(name: "Ink"), .testTarget(name: "InkTests", dependencies: ["Ink"])])

        """,
        "Sources/Ink/Ink.swift": "public func render(_ text: String) -> String { \"<p>\" + text + \"</p>\" }\n",
        "Tests/InkTests/RenderTests.swift": """
        import XCTest
        import Ink

        final class RenderTests: XCTestCase {
            func testParagraph() { XCTAssertEqual(render("hi"), "<p>hi</p>") }

            static var allTests = [("testParagraph", testParagraph)]
        }

        """,
        "Tests/LinuxMain.swift": """
        import XCTest
        @testable import InkTests

        XCTMain([testCase(RenderTests.allTests)])

        """,
    ]

    /// Three test targets in a versioned manifest; Package.swift (which Swift 6 ignores here) names another.
    static let severalTargetsPackage: [String: String] = [
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(name: "Shop", targets: [.target(name: "Shop"), .testTarget(name: "LegacyTests", dependencies: ["Shop"])])

        """,
        "Package@swift-6.0.swift": """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "Shop",
            targets: [
                .target(name: "Shop"),
                .testTarget(name: "CheckoutTests", dependencies: ["Shop"]),
                .testTarget(name: "ShopTests", dependencies: ["Shop"]),
                .testTarget(name: "PaymentsTests", dependencies: ["Shop"], path: "Tests/Payments"),
            ])

        """,
        "Sources/Shop/Shop.swift": "public func total(_ prices: [Int]) -> Int { prices.reduce(0, +) }\n",
        "Tests/ShopTests/TotalTests.swift":
            "import XCTest\n@testable import Shop\n\nfinal class TotalTests: XCTestCase {\n    func testTotal() { XCTAssertEqual(total([1, 2]), 3) }\n}\n",
        "Tests/CheckoutTests/CheckoutTests.swift":
            "import Testing\n@testable import Shop\n\n@Test func checkoutTotal() { #expect(total([2, 2]) == 4) }\n",
        "Tests/Payments/PaymentsTests.swift":
            "import XCTest\n@testable import Shop\n\nfinal class PaymentsTests: XCTestCase {\n    func testEmpty() { XCTAssertEqual(total([]), 0) }\n}\n",
    ]

    /// The names of the tests in a report, and the verdict.
    static func summary(_ report: [String: Any]) -> (verdict: String?, tests: [String: String]) {
        var tests: [String: String] = [:]
        for case let suite as [String: Any] in report["suites"] as? [Any] ?? [] {
            for case let test as [String: Any] in suite["tests"] as? [Any] ?? [] {
                if let name = test["name"] as? String { tests[name] = test["status"] as? String }
            }
        }
        return (report["verdict"] as? String, tests)
    }

    static func reasons(_ report: [String: Any]) -> String {
        (report["reasons"] as? [String] ?? []).joined(separator: " | ")
    }

    @Test(
        "one test target and LinuxMain.swift: accepted first try; rejected by a failing project test, a following delegate, hollow tests",
        .timeLimit(.minutes(15)))
    func linuxMain() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: AdoptedPackage.gate), "build the product first")
        let package = try AdoptedPackage("ink", files: Self.linuxMainPackage)
        let initialised = try await package.initialise()
        #expect(initialised.status.isSuccess, "\(initialised.stderrText)")
        #expect(initialised.stdoutText.contains("(test target: InkTests;"))
        #expect(try package.read("Tests/LinuxMain.swift").contains("testCase(RedirectBoundaryTests.allTests)"))
        #expect(try package.read(".gitignore").contains(".acceptance-gate/\n"))
        try await package.buildTests()

        let first = try await package.run()
        let accepted = Self.summary(first.report)
        #expect(first.status == .exited(code: 0), "\(first.stdout)")
        #expect(accepted.verdict == "accepted", "\(Self.reasons(first.report))")
        #expect(accepted.tests["RedirectBoundaryTests.testSameOriginRedirectSucceeds"] == "passed")
        #expect(accepted.tests["RedirectBoundaryTests.testDifferentPortRedirectStops"] == "passed")
        #expect(accepted.tests["RenderTests.testParagraph"] == "passed", "the project's own test is gated")
        let originPaths =
            ((first.report["fixture"] as? [String: Any])?["ledger"] as? [String: Any])
            .flatMap { ($0["origin"] as? [String: Any])?["paths"] as? [String] } ?? []
        #expect(Set(originPaths).isSuperset(of: ["/same", "/start", "/target"]), "\(originPaths)")

        // A failing project test rejects.
        try package.edit("Tests/InkTests/RenderTests.swift") { $0.replacingOccurrences(of: "\"<p>hi</p>\"", with: "\"<p>bye</p>\"") }
        let broken = try await package.run()
        #expect(broken.status == .exited(code: 1), "\(broken.stdout)")
        #expect(Self.summary(broken.report).verdict == "rejected")
        #expect(Self.summary(broken.report).tests["RenderTests.testParagraph"] == "failed")
        try package.edit("Tests/InkTests/RenderTests.swift") { $0.replacingOccurrences(of: "\"<p>bye</p>\"", with: "\"<p>hi</p>\"") }

        // A delegate that follows every redirect reaches the foreign listener: rejected.
        let redirectFile = "Tests/InkTests/RedirectBoundaryTests.swift"
        let original = try package.read(redirectFile)
        try package.edit(redirectFile) { text in
            let rule = "Self.origin(of: target) == start"
            try #require(text.contains(rule))
            return text.replacingOccurrences(of: rule, with: "Self.origin(of: target) != nil || start.isEmpty")
        }
        let following = try await package.run()
        #expect(following.status == .exited(code: 1), "\(following.stdout)")
        #expect(Self.summary(following.report).verdict == "rejected")
        let foreign = ((following.report["fixture"] as? [String: Any])?["ledger"] as? [String: Any])
            .flatMap { ($0["foreign"] as? [String: Any])?["requests"] as? Int }
        #expect(foreign.map { $0 > 0 } == true, "the foreign listener was reached")
        #expect(Self.reasons(following.report).contains("foreign listener"), "\(Self.reasons(following.report))")

        // Hollow redirect tests: both bodies emptied. The tests pass, but the origin listener
        // served nothing, which fixture.expect.originPaths rejects once the run pipeline checks it
        // (ConfigFixture.originPathsProblem(served:)); until then this is a known issue.
        try package.edit(redirectFile) { _ in
            guard let start = original.range(of: "  func testSameOriginRedirectSucceeds() throws {"),
                let end = original.range(of: "  // MARK: - Helpers")
            else { throw AdoptionTestError.templateChanged }
            return String(original[..<start.lowerBound])
                + "  func testSameOriginRedirectSucceeds() throws {}\n\n  func testDifferentPortRedirectStops() throws {}\n\n"
                + String(original[end.lowerBound...])
        }
        let hollow = try await package.run()
        #expect(Self.summary(hollow.report).tests["RedirectBoundaryTests.testSameOriginRedirectSucceeds"] == "passed")
        #expect(hollow.status == .exited(code: 1), "\(hollow.stdout)")
        #expect(Self.summary(hollow.report).verdict == "rejected")
        #expect(hollow.stdout.contains("the origin listener never served"), "\(hollow.stdout)")
        print(package.transcript.joined(separator: "\n"))
    }

    @Test(
        "three test targets in Package@swift-6.0.swift, --frames: ShopTests chosen, every target's tests gated, accepted first try",
        .timeLimit(.minutes(15)))
    func severalTargets() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: AdoptedPackage.gate), "build the product first")
        let package = try AdoptedPackage("shop", files: Self.severalTargetsPackage)
        let initialised = try await package.initialise(["--frames"])
        #expect(initialised.status.isSuccess, "\(initialised.stderrText)")
        #expect(initialised.stdoutText.contains("(test target: ShopTests;"), "\(initialised.stdoutText)")
        #expect(FileManager.default.fileExists(atPath: package.root + "/Tests/ShopTests/RedirectBoundaryTests.swift"))
        let vectors = try package.read("Tests/ShopTests/FrameVectorTests.swift")
        #expect(vectors.split(separator: "\n").filter { $0.hasPrefix("import ") } == ["import XCTest"], "imports only XCTest")
        try await package.buildTests()
        // As root on Linux the suites run separated: the first run builds cold in the suites' cache.
        try package.separate()
        let first = try await package.run()
        let accepted = Self.summary(first.report)
        #expect(first.status == .exited(code: 0), "\(first.stdout)")
        #expect(accepted.verdict == "accepted", "\(Self.reasons(first.report))")
        let isolation = (first.report["isolation"] as? [String: Any])?["mechanism"] as? String
        #if os(Linux)
            #expect(isolation == (geteuid() == 0 ? "namespaces" : "none"), "\(String(describing: first.report["isolation"]))")
        #else
            #expect(isolation == "none")
        #endif
        // Warm: the cache kept the build.
        let warm = try await package.run()
        #expect(warm.status == .exited(code: 0), "\(warm.stdout)")
        for name in [
            "RedirectBoundaryTests.testSameOriginRedirectSucceeds", "RedirectBoundaryTests.testDifferentPortRedirectStops",
            "TotalTests.testTotal", "PaymentsTests.testEmpty",
        ] {
            #expect(accepted.tests[name] == "passed", "\(name): \(accepted.tests)")
        }
        #expect(accepted.tests.count >= 5, "the Swift Testing test counts too: \(accepted.tests)")
        #expect(accepted.tests["FrameVectorTests.testThreeBytePayload"] == "skipped", "skipped until pointed at a decoder")
        let suites = (first.report["suites"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(suites == ["tests", "frames"])

        // With --target another target: the tests go there (and its path: is followed).
        let again = try await package.initialise(["--target", "PaymentsTests", "--force"])
        #expect(again.status.isSuccess, "\(again.stderrText)")
        #expect(FileManager.default.fileExists(atPath: package.root + "/Tests/Payments/RedirectBoundaryTests.swift"))
        print(package.transcript.joined(separator: "\n"))
    }
}

/// Why a test could not set up its case.
enum AdoptionTestError: Error {
    /// The redirect test template no longer has the text the test edits.
    case templateChanged
}

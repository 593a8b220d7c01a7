//===----------------------------------------------------------------------===//
// SandboxNestingTests.swift: the options that keep SwiftPM and xcodebuild from sandboxing themselves.
//===----------------------------------------------------------------------===//

import Testing

@testable import SuiteDomain

@Suite("SandboxNesting")
struct SandboxNestingTests {
    static let inherited = "OTHER_SWIFT_FLAGS=$(inherited) -disable-sandbox"
    static let xcodebuildOptions = [
        "-IDEPackageSupportDisableManifestSandbox=YES", "-IDEPackageSupportDisablePluginExecutionSandbox=YES",
        "ENABLE_USER_SCRIPT_SANDBOXING=NO",
    ]

    static let cases: [(given: [String], expected: [String])] = [
        (["swift", "test"], ["swift", "test", "--disable-sandbox"]),
        (["/usr/bin/swift", "build", "-c", "release"], ["/usr/bin/swift", "build", "--disable-sandbox", "-c", "release"]),
        (["swift", "run", "tool", "--", "x"], ["swift", "run", "--disable-sandbox", "tool", "--", "x"]),
        (["swift", "package", "resolve"], ["swift", "package", "--disable-sandbox", "resolve"]),
        (["swift", "test", "--disable-sandbox"], ["swift", "test", "--disable-sandbox"]),
        (["swift", "test", "--", "--disable-sandbox"], ["swift", "test", "--disable-sandbox", "--", "--disable-sandbox"]),
        (["swift-test", "--parallel"], ["swift-test", "--disable-sandbox", "--parallel"]),
        (["/opt/swift/usr/bin/swift-build"], ["/opt/swift/usr/bin/swift-build", "--disable-sandbox"]),
        (["xcrun", "swift", "test"], ["xcrun", "swift", "test", "--disable-sandbox"]),
        (
            ["/usr/bin/xcrun", "--sdk", "macosx", "-v", "swift", "build"],
            ["/usr/bin/xcrun", "--sdk", "macosx", "-v", "swift", "build", "--disable-sandbox"]
        ),
        (["xcodebuild", "test", "-scheme", "App"], ["xcodebuild", "test", "-scheme", "App"] + xcodebuildOptions + [inherited]),
        (
            ["xcrun", "xcodebuild", "OTHER_SWIFT_FLAGS=-Onone -g"],
            ["xcrun", "xcodebuild", "OTHER_SWIFT_FLAGS=-Onone -g -disable-sandbox"] + xcodebuildOptions
        ),
        // Not SwiftPM's, or not a tool it can see into: unchanged.
        (["swift", "--version"], ["swift", "--version"]),
        (["swift", "format", "lint"], ["swift", "format", "lint"]),
        (["swift"], ["swift"]),
        (["xcrun", "--sdk"], ["xcrun", "--sdk"]),
        (["xcrun"], ["xcrun"]),
        (["sh", "-c", "swift test"], ["sh", "-c", "swift test"]),
        (["make", "test"], ["make", "test"]),
        (["/usr/local/bin/swiftlint"], ["/usr/local/bin/swiftlint"]),
        ([], []),
    ]

    @Test("each tool gains the options that turn its own sandbox off, and nothing else changes", arguments: cases)
    func rewrites(given: [String], expected: [String]) {
        #expect(SandboxNesting.rewrite(given) == expected)
    }

    @Test("rewriting twice adds nothing more", arguments: cases)
    func idempotent(given: [String], expected: [String]) {
        let once = SandboxNesting.rewrite(given)
        #expect(SandboxNesting.rewrite(once) == once)
    }
}

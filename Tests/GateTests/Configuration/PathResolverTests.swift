//===----------------------------------------------------------------------===//
// PathResolverTests.swift: one spelling for every path the configuration and the command line give.
//===----------------------------------------------------------------------===//

import Testing

@testable import Gate
@testable import GateConfig

@Suite("paths")
struct PathResolverTests {
    let resolver = PathResolver(base: "/repo/")

    @Test(
        "relative paths join the base; absolute ones stay; one spelling either way",
        arguments: [
            ("ios/App", "/repo/ios/App"), ("build/Tests.xcresult/", "/repo/build/Tests.xcresult"), ("", "/repo"), (".", "/repo"),
            ("./a//b/./c/", "/repo/a/b/c"), ("/abs//x/", "/abs/x"), ("/", "/"), ("../shared", "/repo/../shared"),
        ])
    func absolute(path: String, expected: String) {
        #expect(resolver.absolute(path) == expected)
    }

    @Test func relativeOnlyBelowTheBase() {
        #expect(resolver.relative("/repo/acceptance-gate.json") == "acceptance-gate.json")
        #expect(resolver.relative("ci/gate.json") == "ci/gate.json")
        #expect(resolver.relative("/repository/x") == nil, "a shared prefix is not a folder")
        #expect(resolver.relative("/elsewhere/x") == nil)
        #expect(PathResolver(base: "/").relative("/a/b") == "a/b")
    }

    @Test("a result bundle named with a trailing slash, and its new folder, are the run's own, not a change")
    func resultBundleWithATrailingSlash() throws {
        let suite = ConfigSuite(name: "ios", kind: .xctest, command: ["xcodebuild"], xcresult: "build/Tests.xcresult/")
        var configuration = GateConfiguration(fixture: nil, suites: [suite])
        configuration.report.dir = "out"
        let loaded = LoadedConfiguration(configuration: configuration, source: "f", path: nil, root: "/repo", bytes: [])
        let written = StampStage.writtenByTheRun(RunPlan(loaded), workTree: "/repo")
        #expect(written.contains("build/Tests.xcresult"), "\(written)")
        #expect(written.contains("build/"), "\(written)")
        #expect(written.contains("out"), "\(written)")
    }
}

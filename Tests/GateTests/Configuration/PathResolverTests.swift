//===----------------------------------------------------------------------===//
// PathResolverTests.swift: one spelling for every path the configuration and the command line give.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
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

    @Test("real follows a link before .. as the OS does; named keeps the text after the last ..")
    func realAndNamed() throws {
        try ScratchFolder.with("resolver") { scratch in
            try scratch.makeFolder("a/b/c")
            try scratch.makeFolder("a/x")
            try scratch.makeFolder("x")
            try #require(symlink(scratch.file("a/b"), scratch.file("link")) == 0)
            try #require(symlink(scratch.file("a/b/c"), scratch.file("a/linked")) == 0)
            let resolver = PathResolver(base: scratch.path)
            #expect(resolver.absolute("link/../x") == scratch.file("link/../x"), "absolute leaves .. alone")
            #expect(try resolver.real("link/../x") == scratch.file("a/x"))
            #expect(try resolver.named("link/../x") == scratch.file("a/x"))
            #expect(try resolver.real("link/../linked") == scratch.file("a/b/c"))
            #expect(try resolver.named("link/../linked") == scratch.file("a/linked"), "the link after the last .. keeps its name")
            #expect(try resolver.named("link") == scratch.file("link"))
            #expect(try resolver.real("/../../" + scratch.path + "/./x/") == scratch.file("x"))
            #expect(try PathResolver(base: "/").named("../../..") == "/")
        }
    }

    @Test("real names the path as given and says why it has no real location")
    func realFailures() throws {
        try ScratchFolder.with("resolver") { scratch in
            try #require(symlink("nowhere", scratch.file("dangling")) == 0)
            try #require(symlink("loop2", scratch.file("loop1")) == 0)
            try #require(symlink("loop1", scratch.file("loop2")) == 0)
            try scratch.write("x", to: "file")
            let resolver = PathResolver(base: scratch.path)
            #expect(throws: PathResolutionError.missing(path: "gone")) { try resolver.real("gone") }
            #expect(throws: PathResolutionError.missing(path: "file/x")) { try resolver.real("file/x") }
            #expect(throws: PathResolutionError.danglingLink(path: "dangling", target: "nowhere")) { try resolver.real("dangling") }
            #expect(throws: PathResolutionError.danglingLink(path: "dangling//", target: "nowhere")) { try resolver.real("dangling//") }
            #expect(throws: PathResolutionError.linkLoop(path: "loop1")) { try resolver.real("loop1") }
            #expect(throws: PathResolutionError.linkLoop(path: "loop1/../x")) { try resolver.named("loop1/../x") }
        }
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

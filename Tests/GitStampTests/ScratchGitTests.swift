//===----------------------------------------------------------------------===//
// ScratchGitTests.swift: the test repositories' git reads no configuration but their own.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import Testing

@Suite("scratch git")
struct ScratchGitTests {
    @Test("git in a scratch folder reads only the command line and the repository's own configuration")
    func noUserOrSystemConfiguration() throws {
        try ScratchFolder.with("scratch-git") { scratch in
            try scratch.makeRepository()
            let origins = try scratch.git(["config", "--list", "--show-origin"]).split(separator: "\n").map { line in
                line.split(separator: "\t", maxSplits: 1).first.map(String.init) ?? ""
            }
            #expect(!origins.isEmpty)
            #expect(origins.allSatisfy { $0 == "command line:" || $0 == "file:.git/config" }, "\(origins)")
            #expect(scratch.gitEnvironment["HOME"] == scratch.gitHome)
            #expect(scratch.gitHome.hasPrefix(scratch.path + "/"))
            #expect(!FileManager.default.fileExists(atPath: scratch.gitHome), "HOME is never made, so the work tree stays clean")
            #expect(try scratch.git(["status", "--porcelain"]).isEmpty)
        }
    }
}

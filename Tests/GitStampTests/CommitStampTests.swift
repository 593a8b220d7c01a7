//===----------------------------------------------------------------------===//
// CommitStampTests.swift: the stamp's JSON, CI variables and error messages.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import Testing

@testable import GitStamp

@Suite("CommitStamp and CICommit")
struct CommitStampTests {
    static let sample = CommitStamp(
        id: String(repeating: "a", count: 40), branch: nil, detached: true, dirty: true, changedPaths: ["z", "a"],
        shallow: false, workTree: "/w", ciCommit: nil)

    @Test func changedPathsAreSorted() {
        #expect(Self.sample.changedPaths == ["a", "z"])
    }

    @Test func everyKeyIsEncodedWithNullForAbsentValues() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(Self.sample), as: UTF8.self)
        #expect(
            json == "{\"branch\":null,\"changedPaths\":[\"a\",\"z\"],\"ciCommit\":null,\"detached\":true,\"dirty\":true,"
                + "\"id\":\"\(String(repeating: "a", count: 40))\",\"shallow\":false,\"workTree\":\"/w\"}")
        #expect(try JSONDecoder().decode(CommitStamp.self, from: Data(json.utf8)) == Self.sample)
    }

    @Test func aCICommitRoundTrips() throws {
        var stamp = Self.sample
        stamp.ciCommit = CICommit(id: "abc", variable: "GITHUB_SHA")
        stamp.branch = "main"
        let data = try JSONEncoder().encode(stamp)
        #expect(try JSONDecoder().decode(CommitStamp.self, from: data) == stamp)
    }

    @Test(arguments: CICommit.variables)
    func eachCIVariableIsRecognised(variable: String) {
        #expect(CICommit.detect(in: [variable: " 0123abc\n"]) == CICommit(id: "0123abc", variable: variable))
    }

    @Test func theFirstVariableWinsAndBlankOnesAreSkipped() {
        let environment = ["GITHUB_SHA": "  ", "CI_COMMIT_SHA": "gitlab", "BUILD_SOURCEVERSION": "azure"]
        #expect(CICommit.detect(in: environment) == CICommit(id: "gitlab", variable: "CI_COMMIT_SHA"))
        #expect(CICommit.detect(in: ["PATH": "/bin"]) == nil)
    }

    @Test func theStampRecordsTheCICommitBesideHead() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            let head = try scratch.makeRepository("repo")
            let merge = String(repeating: "b", count: 40)
            let stamp = try GitStamp.read(from: scratch.file("repo"), environment: ["GITHUB_SHA": merge])
            #expect(stamp.id == head)
            #expect(stamp.ciCommit == CICommit(id: merge, variable: "GITHUB_SHA"))
        }
    }

    @Test func theOwnerErrorCodeMapsToSafeDirectoryAdvice() {
        let error = GitStampError.openFailure(
            code: GitStampError.ownerCode, message: "repository path '/r/' is not owned by current user", path: "/r/sub",
            repositoryPath: "/r")
        #expect(error == .unsafeOwnership(path: "/r", message: "repository path '/r/' is not owned by current user"))
        #expect(error.description.hasSuffix("trust it with: git config --global --add safe.directory /r"))
        let unknown = GitStampError.openFailure(code: GitStampError.ownerCode, message: "m", path: "/x", repositoryPath: nil)
        #expect(unknown == .unsafeOwnership(path: "/x", message: "m"))
        // libgit2 1.5.x returns GIT_ENOTFOUND when no safe.directory is configured at all.
        let debian = GitStampError.openFailure(
            code: GitStampError.notFoundCode, message: "config value 'safe.directory' was not found", path: "/r",
            repositoryPath: "/r")
        #expect(debian == .unsafeOwnership(path: "/r", message: "config value 'safe.directory' was not found"))
    }

    @Test func otherOpenFailuresKeepTheFunctionAndMessage() {
        #expect(
            GitStampError.openFailure(code: GitStampError.notFoundCode, message: "m", path: "/p", repositoryPath: nil)
                == .notARepository(path: "/p"))
        #expect(
            GitStampError.openFailure(code: GitStampError.notFoundCode, message: "m", path: "/p", repositoryPath: "/r")
                == .libgit2(function: "git_repository_open_ext", code: -3, message: "m"))
        let other = GitStampError.openFailure(code: -1, message: "bad config", path: "/p", repositoryPath: nil)
        #expect(other == .libgit2(function: "git_repository_open_ext", code: -1, message: "bad config"))
        #expect(other.description == "libgit2 failed in git_repository_open_ext (error -1): bad config")
    }
}

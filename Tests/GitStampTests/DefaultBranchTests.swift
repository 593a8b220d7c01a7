//===----------------------------------------------------------------------===//
// DefaultBranchTests.swift: the default branch init's pipelines trigger on, read through libgit2.
//===----------------------------------------------------------------------===//

import Foundation
import GateTestSupport
import GitStamp
import Testing

@Suite("GitStamp.defaultBranch")
struct DefaultBranchTests {
    @Test func aCloneTakesTheBranchOriginsHeadNamesEvenWithAnotherCheckedOut() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeRepository("origin")
            try scratch.git(["branch", "-m", "main", "trunk"], in: "origin")
            try scratch.git(["clone", "-q", "file://" + scratch.file("origin"), scratch.file("clone")])
            try scratch.git(["checkout", "-q", "-b", "feature"], in: "clone")
            #expect(GitStamp.defaultBranch(in: scratch.file("clone")) == "trunk")
        }
    }

    @Test func withoutARemoteMainOrMasterWinsOverTheBranchCheckedOut() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeRepository("repo")
            try scratch.git(["branch", "-m", "main", "master"], in: "repo")
            try scratch.git(["checkout", "-q", "-b", "feature"], in: "repo")
            #expect(GitStamp.defaultBranch(in: scratch.file("repo")) == "master")
        }
    }

    @Test func otherwiseTheBranchCheckedOutBornOrNot() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeRepository("repo")
            try scratch.git(["branch", "-m", "main", "develop"], in: "repo")
            #expect(GitStamp.defaultBranch(in: scratch.file("repo")) == "develop")
            try scratch.makeFolder("empty")
            try scratch.git(["init", "-q", "-b", "release"], in: "empty")
            #expect(GitStamp.defaultBranch(in: scratch.file("empty")) == "release")
        }
    }

    @Test func outsideARepositoryThereIsNone() throws {
        try ScratchFolder.with("gitstamp") { scratch in
            try scratch.makeFolder("plain")
            #expect(GitStamp.defaultBranch(in: scratch.file("plain")) == nil)
        }
    }
}
